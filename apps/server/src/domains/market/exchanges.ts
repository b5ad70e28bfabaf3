import { canonicalTimeZone, normalizeSessions, parseSessions } from '@bourse/shared/exchanges';
import type { ExchangeInfo } from '@bourse/shared/schemas/market';
import type { AdminExchange, ExchangeHoursBody } from '@bourse/shared/schemas/market-admin';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { Exchange } from '../../platform/db/schema.ts';
import { AppError } from '../../platform/errors.ts';
import { findExchangeForUpdate, listExchanges, updateExchangeHours } from './market.repository.ts';

function parseNames(json: string): Record<string, string> {
  try {
    const parsed: unknown = JSON.parse(json);
    return parsed && typeof parsed === 'object' ? (parsed as Record<string, string>) : {};
  } catch {
    return {};
  }
}

/** The stored exchanges, loaded into the live calendars (an operator's change of hours takes effect). */
export async function loadedExchanges(ctx: AppContext, db: Db | Trx = ctx.database.db): Promise<Exchange[]> {
  const rows = await listExchanges(db);
  ctx.exchanges.load(rows);
  return rows;
}

/** An exchange as the app sees it, at the injected clock's now. */
export function toExchangeInfo(ctx: AppContext, row: Exchange, lang: string): ExchangeInfo {
  const nowMs = ctx.clock.nowMs();
  const status = ctx.exchanges.status(row.code, nowMs);
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  return {
    code: row.code,
    name: parseNames(row.names)[lang] ?? row.name,
    timeZone: row.timeZone,
    sessions: row.hours.split(',').map((range) => {
      const [open = '', close = ''] = range.trim().split('-');
      return { open, close };
    }),
    alwaysOpen: ctx.exchanges.alwaysOpen,
    open: status.open,
    nextOpen: iso(status.nextOpen),
    nextClose: iso(status.nextClose),
  };
}

/** Every exchange with its hours, open now or not, and its next open and close. */
export async function exchangeList(ctx: AppContext, lang: string): Promise<ExchangeInfo[]> {
  return (await loadedExchanges(ctx)).map((row) => toExchangeInfo(ctx, row, lang));
}

/** One exchange (undefined for a code not stored). */
export async function exchangeOf(ctx: AppContext, code: string, lang: string): Promise<ExchangeInfo | undefined> {
  // Asked with every quote: read without waiting for a writer (a draw's chunk, an order batch).
  const row = (await loadedExchanges(ctx, ctx.database.readDb)).find((exchange) => exchange.code === code);
  return row && toExchangeInfo(ctx, row, lang);
}

/** The exchanges as the console edits them: sessions as stored and zone. */
export async function adminExchangeList(ctx: AppContext): Promise<AdminExchange[]> {
  return (await loadedExchanges(ctx)).map(toAdminExchange);
}

function toAdminExchange(row: Exchange): AdminExchange {
  return { code: row.code, name: row.name, timeZone: row.timeZone, hours: row.hours };
}

/** What an hours change did, for the audit line. */
export interface ExchangeHoursChange {
  exchange: AdminExchange;
  before: { hours: string; timeZone: string };
}

/**
 * An operator sets an exchange's trading sessions and time zone, in the caller's transaction: the
 * sessions must be well-formed `HH:MM-HH:MM`, each closing after it opens, in order and without
 * overlap (EXCHANGE_HOURS_INVALID); the zone an IANA zone (EXCHANGE_TIME_ZONE_INVALID), stored in
 * its canonical spelling. The live calendars follow once the caller has committed (loadedExchanges).
 */
export async function setExchangeHours(
  ctx: AppContext,
  trx: Trx,
  code: string,
  body: ExchangeHoursBody,
): Promise<ExchangeHoursChange> {
  const row = await findExchangeForUpdate(trx, ctx.database.dialect, code);
  if (!row) throw new AppError('EXCHANGE_NOT_FOUND');
  if (!parseSessions(body.hours)) throw new AppError('EXCHANGE_HOURS_INVALID');
  const timeZone = canonicalTimeZone(body.timeZone);
  if (!timeZone) throw new AppError('EXCHANGE_TIME_ZONE_INVALID');
  const hours = normalizeSessions(body.hours);
  await updateExchangeHours(trx, code, { hours, timeZone });
  return {
    exchange: { ...toAdminExchange(row), hours, timeZone },
    before: { hours: row.hours, timeZone: row.timeZone },
  };
}
