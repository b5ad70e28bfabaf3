import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, DIALECTS, operator, type TestApp } from '../../test/harness.ts';
import { matchesEtag } from './market-list-cache.ts';
import { listMarket, type MarketListQuery } from './market.service.ts';
import type { MarketSimulator } from './simulator.ts';

const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  MARKET_RATE_PER_IP_PER_MINUTE: '100000',
  MARKET_BACKFILL_DAYS: '5',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
};

const BASE = {
  sector: 'technology',
  lotSize: 1,
  pe: '20.00',
  industryPe: '18.00',
  sharesOutstanding: 1_000_000_000,
};

const INSTRUMENTS = [
  { ...BASE, code: 'SAP', name: 'SAP SE', startPrice: '182.50' },
  {
    ...BASE,
    code: '600519',
    name: 'Kweichow Moutai',
    names: { 'zh-CN': '贵州茅台', 'zh-TW': '貴州茅臺', en: 'Kweichow Moutai Co.' },
    sector: 'consumer',
    lotSize: 100,
    startPrice: '1650.00',
  },
  { ...BASE, code: 'GRW', name: 'Growth AG', board: 'growth', sector: 'health', startPrice: '12.30' },
  { ...BASE, code: 'IDX', name: 'Index 50', board: 'index', sector: 'index', startPrice: '4000.00' },
  { ...BASE, code: 'BMW', name: 'BMW AG', sector: 'consumer', startPrice: '90.10' },
];

describe.each(DIALECTS)('market list from the cache on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let sim: MarketSimulator;

  const list = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/market/instruments${url}`, headers });
  const edit = (code: string, payload: object) =>
    t.app.inject({ method: 'PUT', url: `/api/admin/instruments/${code}`, headers: { token: admin }, payload });
  /** What the list shows, computed afresh from the database and the quotes (no cache). */
  const fresh = async (query: Partial<MarketListQuery>, lang = 'de') =>
    JSON.parse(
      JSON.stringify(await listMarket(t.ctx, { sort: 'code', page: 1, pageSize: 20, ...query }, lang)),
    ) as unknown;

  beforeAll(async () => {
    t = await createTestApp(dialect, ENV);
    admin = (await operator(t, ['admin'])).token;
    for (const instrument of INSTRUMENTS) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/admin/instruments',
        headers: { token: admin },
        payload: instrument,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    sim = t.ctx.market as MarketSimulator;
    await sim.start();
    // Prices away from the start so that sorting by change means something.
    t.clock.advance(60_000);
    await sim.tick();
  }, 60_000);
  afterAll(() => t.close());

  it('answers every query and language exactly as a fresh computation would', async () => {
    const cases: [string, Partial<MarketListQuery>][] = [
      ['', {}],
      ['?board=main', { board: 'main' }],
      ['?board=growth', { board: 'growth' }],
      ['?kind=indices', { kind: 'indices' }],
      ['?kind=shares&sort=-changePct', { kind: 'shares', sort: '-changePct' }],
      ['?sector=consumer&sort=last', { sector: 'consumer', sort: 'last' }],
      ['?sort=-volume&page=2&pageSize=2', { sort: '-volume', page: 2, pageSize: 2 }],
      ['?sort=changePct&pageSize=3', { sort: 'changePct', pageSize: 3 }],
    ];
    for (const lang of ['de', 'en', 'zh-CN', 'zh-TW']) {
      for (const [url, query] of cases) {
        for (let round = 0; round < 2; round++) {
          const res = await list(url, { 'accept-language': lang });
          expect(res.statusCode, res.body).toBe(200);
          expect(body(res), `${lang} ${url} round ${round}`).toEqual({
            code: 1,
            msg: 'ok',
            data: await fresh(query, lang),
          });
        }
      }
    }
    // The reader's language names the company; the `lang` header wins over accept-language.
    const names = async (headers: Record<string, string>) =>
      body<{ items: { code: string; name: string }[] }>(await list('?sector=consumer', headers)).data.items.find(
        (item) => item.code === '600519',
      )?.name;
    expect(await names({ 'accept-language': 'zh-CN' })).toBe('贵州茅台');
    expect(await names({ 'accept-language': 'zh-TW' })).toBe('貴州茅臺');
    expect(await names({ 'accept-language': 'en' })).toBe('Kweichow Moutai Co.');
    expect(await names({ lang: 'zh-TW', 'accept-language': 'en' })).toBe('貴州茅臺');
    expect(await names({ 'accept-language': 'fr' })).toBe('Kweichow Moutai');
  });

  it('refuses bad query parameters as before', async () => {
    for (const url of ['?board=nope', '?sort=name', '?pageSize=101', '?page=0', '?extra=1']) {
      const res = await list(url, { 'accept-language': 'en' });
      expect(res.statusCode, url).toBe(400);
      expect(body(res).error, url).toMatch(/^(VALIDATION_FAILED|UNKNOWN_FIELD)$/);
    }
  });

  it('answers 304 without a body to a client that has the current answer, with headers for per-tick data', async () => {
    const first = await list('?sort=-changePct');
    const etag = first.headers['etag'] as string;
    expect(etag).toMatch(/^"[\w-]+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');
    expect(String(first.headers['vary'])).toMatch(/accept-language/);
    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await list('?sort=-changePct', { 'if-none-match': header });
      expect(again.statusCode, header).toBe(304);
      expect(again.body).toBe('');
      expect(again.headers['etag']).toBe(etag);
      expect(again.headers['cache-control']).toBe('no-cache');
    }
    const other = await list('?sort=-changePct', { 'if-none-match': '"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
    // Another language is another answer, with another tag.
    const english = await list('?sort=-changePct', { 'accept-language': 'zh-CN', 'if-none-match': etag });
    expect(english.statusCode).toBe(200);
    expect(english.headers['etag']).not.toBe(etag);
  });

  it('sends the same bytes gzipped to a client that accepts gzip', async () => {
    const plain = await list('?sort=volume');
    const zipped = await list('?sort=volume', { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['etag']).toBe(plain.headers['etag']);
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(plain.body);
  });

  it('shows the prices of the latest tick, and an old tag no longer matches', async () => {
    const before = await list('?pageSize=100');
    const etag = before.headers['etag'] as string;
    t.clock.advance(30_000);
    const changed = await sim.tick();
    expect(changed.length).toBeGreaterThan(0);
    const after = await list('?pageSize=100', { 'if-none-match': etag });
    expect(after.statusCode).toBe(200);
    expect(after.headers['etag']).not.toBe(etag);
    expect(body(after).data).toEqual(await fresh({ pageSize: 100 }));
    // A trade printed at a chosen price shows at once.
    await sim.printTrade('SAP', 1_999_900);
    const sap = body<{ items: { code: string; last: string }[] }>(await list('?pageSize=100')).data.items.find(
      (item) => item.code === 'SAP',
    );
    expect(sap?.last).toBe('199.99');
  });

  it('shows an operator’s edit, halt, resumption and a new listing at once', async () => {
    const item = async (code: string, lang = 'de') =>
      body<{ items: { code: string; name: string; status: string; lotSize: number }[] }>(
        await list('?pageSize=100', { 'accept-language': lang }),
      ).data.items.find((i) => i.code === code);
    expect(await item('BMW')).toMatchObject({ name: 'BMW AG', status: 'listed', lotSize: 1 });
    const etag = (await list('?pageSize=100')).headers['etag'] as string;

    expect(
      (await edit('BMW', { name: 'Bayerische Motoren Werke AG', names: { en: 'BMW Group' }, lotSize: 10 })).statusCode,
    ).toBe(200);
    expect(await item('BMW')).toMatchObject({ name: 'Bayerische Motoren Werke AG', lotSize: 10 });
    expect(await item('BMW', 'en')).toMatchObject({ name: 'BMW Group' });
    expect((await list('?pageSize=100', { 'if-none-match': etag })).statusCode).toBe(200);

    expect((await edit('BMW', { status: 'suspended' })).statusCode).toBe(200);
    expect(await item('BMW')).toMatchObject({ status: 'suspended' });
    expect(body(await list('?pageSize=100')).data).toEqual(await fresh({ pageSize: 100 }));
    expect((await edit('BMW', { status: 'listed' })).statusCode).toBe(200);
    expect(await item('BMW')).toMatchObject({ status: 'listed' });

    // A new issue is not in the list until it is listed; then it is, on every page that counts it.
    const totalBefore = body<{ total: number }>(await list('')).data.total;
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/instruments',
      headers: { token: admin },
      payload: { ...BASE, code: 'NEWCO', name: 'NewCo', status: 'ipo', startPrice: '12.00' },
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(await item('NEWCO')).toBeUndefined();
    expect(body<{ total: number }>(await list('')).data.total).toBe(totalBefore);
    expect((await edit('NEWCO', { status: 'listed' })).statusCode).toBe(200);
    expect(await item('NEWCO')).toMatchObject({ status: 'listed', last: '12.00' });
    expect(body<{ total: number }>(await list('')).data.total).toBe(totalBefore + 1);
    expect(body(await list('?sector=technology&sort=-last'))).toEqual({
      code: 1,
      msg: 'ok',
      data: await fresh({ sector: 'technology', sort: '-last' }),
    });
  });

  it('builds an answer again at the next second at the latest, even unannounced', async () => {
    // A rename written straight to the database (as another instance's console would), with no
    // reload on this instance: shown once the clock has moved to the next second.
    await t.ctx.database.db
      .updateTable('instruments')
      .set({ name: 'Growth Holding AG' })
      .where('code', '=', 'GRW')
      .execute();
    const name = async () =>
      body<{ items: { code: string; name: string }[] }>(await list('?board=growth')).data.items[0]?.name;
    t.clock.advance(1_000);
    expect(await name()).toBe('Growth Holding AG');
  });

  it('answers a stock’s detail from the same rows: an edit here at once, an unannounced one within a second', async () => {
    const detail = async (code: string) =>
      body<{ name: string; status: string }>(
        await t.app.inject({ method: 'GET', url: `/api/market/instruments/${code}` }),
      );
    expect((await detail('SAP')).data).toMatchObject({ name: 'SAP SE', status: 'listed' });
    expect((await edit('SAP', { name: 'SAP Aktiengesellschaft' })).statusCode).toBe(200);
    expect((await detail('SAP')).data).toMatchObject({ name: 'SAP Aktiengesellschaft' });

    // Written straight to the database with no reload here: the detail, like the list, shows the rows
    // its generation read (no query per request) until the clock reaches the next second.
    await t.ctx.database.db.updateTable('instruments').set({ name: 'SAP SE' }).where('code', '=', 'SAP').execute();
    expect((await detail('SAP')).data).toMatchObject({ name: 'SAP Aktiengesellschaft' });
    t.clock.advance(1_000);
    expect((await detail('SAP')).data).toMatchObject({ name: 'SAP SE' });

    // An unknown code is still asked of the database, and refused.
    const unknown = await t.app.inject({ method: 'GET', url: '/api/market/instruments/NOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(body(unknown).error).toBe('INSTRUMENT_NOT_FOUND');
  });
});

describe('If-None-Match matching', () => {
  it('compares weakly, in lists and with *', () => {
    expect(matchesEtag(undefined, '"a"')).toBe(false);
    expect(matchesEtag('"a"', '"a"')).toBe(true);
    expect(matchesEtag('W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b" , W/"a"', '"a"')).toBe(true);
    expect(matchesEtag('"b"', '"a"')).toBe(false);
    expect(matchesEtag('a', '"a"')).toBe(false);
    expect(matchesEtag(' * ', '"a"')).toBe(true);
    expect(matchesEtag(['"b"', '"a"'], '"a"')).toBe(true);
  });
});
