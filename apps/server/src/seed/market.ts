import type { AppContext } from '../platform/context.ts';
import { INSTRUMENT_CATALOG } from './instrument-catalog.ts';
import { insertInstrument } from '../domains/market/instruments.service.ts';

/**
 * Seeds the demo instruments when the market is empty. Their history is drawn by the simulator on
 * start (back-fill), so a fresh demo shows full charts at once. Returns how many were added.
 */
export async function seedInstruments(ctx: AppContext): Promise<number> {
  const any = await ctx.database.db.selectFrom('instruments').select('id').limit(1).executeTakeFirst();
  if (any) return 0;
  const nowMs = ctx.clock.nowMs();
  await ctx.database.transaction(async (trx) => {
    for (const item of INSTRUMENT_CATALOG) {
      await insertInstrument(
        trx,
        {
          code: item.code,
          name: item.name,
          names: item.names,
          sector: item.sector,
          board: item.board,
          lotSize: item.lotSize,
          currency: ctx.config.CURRENCY,
          pe: item.pe,
          industryPe: item.industryPe,
          sharesOutstanding: item.sharesOutstanding,
          status: item.status,
          startPrice: item.startPrice,
          driftBp: item.driftBp,
          volatilityBp: item.volatilityBp,
        },
        nowMs,
      );
    }
  });
  return INSTRUMENT_CATALOG.length;
}
