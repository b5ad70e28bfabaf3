import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, type TestApp } from '../../test/harness.ts';
import { insertInstrument, type NewInstrument } from './instruments.service.ts';
import type { MarketSimulator } from './simulator.ts';

const BASE: Omit<NewInstrument, 'code' | 'name' | 'sector'> = {
  lotSize: 1,
  currency: 'EUR',
  pe: '20.00',
  industryPe: '20.00',
  sharesOutstanding: 1_000_000,
  startPrice: '100.00',
  volatilityBp: 4000,
};
const INSTRUMENTS: NewInstrument[] = [
  { ...BASE, code: 'TECA', name: 'Tech A', sector: 'technology' },
  { ...BASE, code: 'TECB', name: 'Tech B', sector: 'technology' },
  { ...BASE, code: 'TECC', name: 'Tech C', sector: 'technology' },
  { ...BASE, code: 'BANK', name: 'Bank A', sector: 'financials' },
];

interface Row {
  code: string;
  sector: string;
  changePct: string;
}
interface Sector {
  sector: string;
  count: number;
  changePct: string;
  advancers: number;
  decliners: number;
  leader: Row;
}

for (const dialect of DIALECTS) {
  describe(`market sectors (${dialect})`, () => {
    let t: TestApp;

    beforeAll(async () => {
      t = await createTestApp(dialect, { LOGIN_RATE_PER_IP_PER_MINUTE: '10000', MARKET_BACKFILL_DAYS: '2' });
      const now = t.clock.nowMs();
      await t.ctx.database.transaction(async (trx) => {
        for (const instrument of INSTRUMENTS) await insertInstrument(trx, instrument, now);
      });
      const sim = t.ctx.market as MarketSimulator;
      await sim.start();
      for (let i = 0; i < 30; i++) {
        t.clock.advance(1000);
        await sim.tick();
      }
    }, 60_000);
    afterAll(() => t.close());

    it('is open, groups the listed stocks by sector and averages their change', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/api/market/sectors' });
      expect(res.statusCode).toBe(200);
      const sectors = body<Sector[]>(res).data;
      const list = body<{ items: Row[] }>(
        await t.app.inject({ method: 'GET', url: '/api/market/instruments?pageSize=100' }),
      ).data.items;
      expect(sectors.map((s) => s.sector).sort()).toEqual(['financials', 'technology']);
      for (const sector of sectors) {
        const members = list.filter((row) => row.sector === sector.sector);
        expect(sector.count).toBe(members.length);
        const hundredths = members.map((row) => Math.round(Number(row.changePct) * 100));
        const average = hundredths.reduce((a, b) => a + b, 0) / members.length;
        expect(Math.abs(Number(sector.changePct) * 100 - average)).toBeLessThanOrEqual(0.5);
        expect(sector.advancers).toBe(hundredths.filter((h) => h > 0).length);
        expect(sector.leader.changePct).toBe(
          members.map((row) => row.changePct).sort((a, b) => Number(b) - Number(a))[0],
        );
      }
      const averages = sectors.map((s) => Number(s.changePct));
      expect(averages).toEqual([...averages].sort((a, b) => b - a));
    });
  });
}
