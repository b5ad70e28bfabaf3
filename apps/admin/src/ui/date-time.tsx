import { formatDateTime } from '@bourse/shared/format';

/** The operator's own time zone: times are stored in UTC and shown where the operator is. */
export const browserTimeZone: string = Intl.DateTimeFormat().resolvedOptions().timeZone;

/** An ISO-8601 instant as `YYYY-MM-DD HH:mm:ss` in the operator's zone, machine-readable in `dateTime`. */
export function DateTime({ value }: { value: string }) {
  return <time dateTime={value}>{formatDateTime(value, browserTimeZone)}</time>;
}
