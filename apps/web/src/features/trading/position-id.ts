import { RequestError } from '../../lib/request-error';

/** A record id from the query string (`?id=12`), or null when it is missing or not a positive integer. */
export function positiveId(value: string | null): number | null {
  return value && /^[1-9]\d{0,14}$/.test(value) ? Number(value) : null;
}

/** The server's answer for a lot that does not exist or is someone else's (they look the same). */
export function isMissingLot(error: unknown): boolean {
  return error instanceof RequestError && error.errorCode === 'POSITION_NOT_FOUND';
}
