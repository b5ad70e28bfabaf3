import type { ExchangeInfo } from '@bourse/shared/schemas/market';
import type { AppContext } from '../../platform/context.ts';
import type { Db, Trx } from '../../platform/db/database.ts';
import type { Exchange } from '../../platform/db/schema.ts';
import { listExchanges } from './market.repository.ts';

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
  const row = (await loadedExchanges(ctx)).find((exchange) => exchange.code === code);
  return row && toExchangeInfo(ctx, row, lang);
}
