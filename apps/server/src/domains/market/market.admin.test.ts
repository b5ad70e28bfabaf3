import { readFileSync } from 'node:fs';
import path from 'node:path';
import { formatPrice, parsePrice } from '@bourse/shared/price';
import { INSTRUMENT_IMPORT_MAX_CHARS } from '@bourse/shared/schemas/market-admin';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPO_ROOT } from '../../platform/config.ts';
import { body, createTestApp, DIALECTS, investor, operator, type TestApp } from '../../test/harness.ts';

const ENV = {
  LOGIN_RATE_PER_IP_PER_MINUTE: '100000',
  // A created (simulated) instrument is back-filled at once; a month keeps the tests quick.
  MARKET_BACKFILL_DAYS: '30',
  MARKET_BACKFILL_INTRADAY_DAYS: '1',
};

const VIX_TEXT = readFileSync(path.join(REPO_ROOT, 'fixtures/market/vix-daily.csv'), 'utf8');
const VIX_LINES = VIX_TEXT.split('\r\n');

/** A price of the file in ticks: the file pads to 6 decimals with zeros, which carry nothing. */
function ticks(text: string): number {
  const value = parsePrice(text.replace(/(\.\d{4})0+$/, '$1'));
  if (value === null) throw new Error(`not a price: ${text}`);
  return value;
}

/**
 * The raw file's bad lines, found here independently of the parser: rows whose open or close lies
 * outside their own low–high range (the header is line 1).
 */
const VIX_BAD_LINES = VIX_LINES.flatMap((line, index) => {
  if (index === 0 || line === '') return [];
  const [, open = '', high = '', low = '', close = ''] = line.split(',');
  const [o, h, l, c] = [ticks(open), ticks(high), ticks(low), ticks(close)];
  return o < l || o > h || c < l || c > h ? [index + 1] : [];
});
/** The cleaned file: the raw one without its bad rows. */
const VIX_CLEAN = VIX_LINES.filter((_, index) => !VIX_BAD_LINES.includes(index + 1)).join('\r\n');

const SAP = {
  code: 'SAP',
  name: 'SAP SE',
  sector: 'technology',
  lotSize: 1,
  pe: '41.20',
  industryPe: '30.05',
  sharesOutstanding: 1_228_000_000,
  startPrice: '182.50',
};

interface Problem {
  line: number;
  code: string;
  detail: string;
}

describe.each(DIALECTS)('console instruments and history import on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let support: string;
  let finance: string;

  beforeAll(async () => {
    t = await createTestApp(dialect, ENV);
    admin = (await operator(t, ['admin'])).token;
    support = (await operator(t, ['support'])).token;
    finance = (await operator(t, ['finance'])).token;
  });
  afterAll(async () => {
    await t.close();
  });

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, token: string, payload?: object) =>
    t.app.inject({ method, url, headers: { token, 'accept-language': 'en' }, ...(payload ? { payload } : {}) });
  const importCsv = (code: string, csv: string, options: { dryRun?: boolean; token?: string } = {}) =>
    call('POST', `/api/admin/instruments/${code}/import`, options.token ?? admin, {
      fileName: `${code.toLowerCase()}.csv`,
      csv,
      ...(options.dryRun === undefined ? {} : { dryRun: options.dryRun }),
    });

  /** Rows of every table an import may write, to show that a refused one wrote nothing. */
  async function footprint() {
    const db = t.ctx.database.db;
    const count = async (table: 'instruments' | 'dailyBars' | 'minuteBars' | 'marketImports' | 'auditLog') =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as('n'))
            .executeTakeFirstOrThrow()
        ).n,
      );
    return {
      instruments: await count('instruments'),
      dailyBars: await count('dailyBars'),
      minuteBars: await count('minuteBars'),
      imports: await count('marketImports'),
      audit: await count('auditLog'),
    };
  }

  async function barCount(code: string, table: 'dailyBars' | 'minuteBars') {
    const row = await t.ctx.database.db
      .selectFrom(table)
      .innerJoin('instruments', 'instruments.id', `${table}.instrumentId`)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('instruments.code', '=', code)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async function auditOf(target: string) {
    const rows = await t.ctx.database.db
      .selectFrom('auditLog')
      .select(['action', 'operatorUsername', 'details'])
      .where('target', '=', target)
      .orderBy('id')
      .execute();
    return rows.map((row) => ({ ...row, details: row.details ? JSON.parse(row.details) : null }));
  }

  it('lets only administrators manage instruments', async () => {
    const user = await investor(t);
    for (const [method, url, payload] of [
      ['GET', '/api/admin/instruments', undefined],
      ['GET', '/api/admin/instruments/SAP', undefined],
      ['POST', '/api/admin/instruments', SAP],
      ['PUT', '/api/admin/instruments/SAP', { name: 'X' }],
      ['POST', '/api/admin/instruments/SAP/import', { fileName: 'a.csv', csv: 'date,open,high,low,close' }],
    ] as const) {
      for (const token of [support, finance]) {
        const res = await call(method, url, token, payload);
        expect(res.statusCode, `${method} ${url}`).toBe(403);
        expect(body(res).error).toBe('FORBIDDEN');
      }
      expect((await call(method, url, user.token, payload)).statusCode, `${method} ${url}`).toBe(401);
    }
    expect(await footprint()).toMatchObject({ instruments: 0, imports: 0 });
  });

  it('creates a simulated instrument with history, refuses a taken code and bad input', async () => {
    const created = await call('POST', '/api/admin/instruments', admin, SAP);
    expect(created.statusCode, created.body).toBe(200);
    const sap = body(created).data;
    expect(sap).toMatchObject({
      code: 'SAP',
      name: 'SAP SE',
      names: {},
      sector: 'technology',
      board: 'main',
      status: 'listed',
      tradingEnabled: true,
      source: 'simulated',
      lotSize: 1,
      currency: 'EUR',
      pe: '41.20',
      industryPe: '30.05',
      sharesOutstanding: 1_228_000_000,
      startPrice: '182.50',
      // The simulator picked it up and back-filled 30 days that end at the start price.
      last: '182.50',
      minuteBars: 1440,
    });
    expect(sap.history.dailyBars).toBeGreaterThanOrEqual(30);
    expect(sap.history.lastDate).toBe('2026-11-23');
    // Investors see it at once.
    const market = await t.app.inject({ method: 'GET', url: '/api/market/instruments/SAP' });
    expect(body(market).data).toMatchObject({ code: 'SAP', name: 'SAP SE', tradingEnabled: true });

    const before = await footprint();
    const taken = await call('POST', '/api/admin/instruments', admin, { ...SAP, name: 'Another' });
    expect(taken.statusCode).toBe(409);
    expect(body(taken)).toMatchObject({
      error: 'INSTRUMENT_CODE_TAKEN',
      msg: 'An instrument with this code already exists',
    });
    const bad: Array<[object, string, string]> = [
      [{ ...SAP, code: 'NEW1', startPrice: undefined }, 'VALIDATION_FAILED', 'startPrice'],
      [{ ...SAP, code: 'NEW1', startPrice: '0.00' }, 'VALIDATION_FAILED', 'startPrice'],
      [{ ...SAP, code: 'NEW1', startPrice: 182.5 }, 'VALIDATION_FAILED', 'startPrice'],
      [{ ...SAP, code: 'new1' }, 'VALIDATION_FAILED', 'code'],
      [{ ...SAP, code: 'NEW1', lotSize: 0 }, 'VALIDATION_FAILED', 'lotSize'],
      [{ ...SAP, code: 'NEW1', pe: '12.345' }, 'VALIDATION_FAILED', 'pe'],
      [{ ...SAP, code: 'NEW1', name: '   ' }, 'VALIDATION_FAILED', 'name'],
      [{ ...SAP, code: 'NEW1', source: 'imported' }, 'UNKNOWN_FIELD', 'source'],
    ];
    for (const [payload, error, field] of bad) {
      const res = await call('POST', '/api/admin/instruments', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(error);
      expect(body(res).msg).toContain(field);
    }
    expect(await footprint()).toEqual(before);
    expect(await auditOf('SAP')).toEqual([
      {
        action: 'instrument.create',
        operatorUsername: expect.any(String),
        details: {
          name: 'SAP SE',
          sector: 'technology',
          board: 'main',
          lotSize: 1,
          status: 'listed',
          startPrice: '182.50',
        },
      },
    ]);
  });

  it('edits only the fields sent, suspends, resumes and switches trading, audited with before and after', async () => {
    await call('POST', '/api/admin/instruments', admin, { ...SAP, code: 'EDIT', name: 'Edit AG', board: 'growth' });
    const renamed = await call('PUT', '/api/admin/instruments/EDIT', admin, {
      name: 'Edit Holding AG',
      names: { 'zh-CN': '编辑控股', en: 'Edit Holding' },
      lotSize: 100,
    });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(body(renamed).data).toMatchObject({
      name: 'Edit Holding AG',
      names: { 'zh-CN': '编辑控股', en: 'Edit Holding' },
      lotSize: 100,
      // Untouched.
      board: 'growth',
      pe: '41.20',
      status: 'listed',
      tradingEnabled: true,
    });
    // The Chinese name is searchable by pinyin, and investors read their language's name.
    const search = await t.app.inject({ method: 'GET', url: '/api/market/search?q=bianji' });
    expect(body(search).data.map((i: { code: string }) => i.code)).toEqual(['EDIT']);
    const inEnglish = await t.app.inject({
      method: 'GET',
      url: '/api/market/instruments/EDIT',
      headers: { 'accept-language': 'en' },
    });
    expect(body(inEnglish).data.name).toBe('Edit Holding');

    const suspended = await call('PUT', '/api/admin/instruments/EDIT', admin, { status: 'suspended' });
    expect(body(suspended).data.status).toBe('suspended');
    expect(body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/EDIT' })).data.status).toBe(
      'suspended',
    );
    const off = await call('PUT', '/api/admin/instruments/EDIT', admin, { tradingEnabled: false, pe: null });
    expect(body(off).data).toMatchObject({ tradingEnabled: false, pe: null, status: 'suspended' });
    expect(body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/EDIT' })).data.tradingEnabled).toBe(
      false,
    );
    const resumed = await call('PUT', '/api/admin/instruments/EDIT', admin, { status: 'listed', tradingEnabled: true });
    expect(body(resumed).data).toMatchObject({ status: 'listed', tradingEnabled: true });

    const before = await footprint();
    const backToIpo = await call('PUT', '/api/admin/instruments/EDIT', admin, { status: 'ipo' });
    expect(backToIpo.statusCode).toBe(422);
    expect(body(backToIpo).error).toBe('INSTRUMENT_STATUS_CHANGE_INVALID');
    for (const [payload, error] of [
      [{ code: 'OTHER' }, 'UNKNOWN_FIELD'],
      [{ lotSize: 1.5 }, 'VALIDATION_FAILED'],
      [{ status: 'delisted' }, 'VALIDATION_FAILED'],
      [{ tradingEnabled: 'yes' }, 'VALIDATION_FAILED'],
      [{ names: { 'zh-CN': '' } }, 'VALIDATION_FAILED'],
    ] as const) {
      const res = await call('PUT', '/api/admin/instruments/EDIT', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(error);
    }
    const missing = await call('PUT', '/api/admin/instruments/NOPE', admin, { name: 'x' });
    expect(missing.statusCode).toBe(404);
    expect(body(missing).error).toBe('INSTRUMENT_NOT_FOUND');
    expect(await footprint()).toEqual(before);
    expect(body(await call('GET', '/api/admin/instruments/EDIT', admin)).data).toMatchObject({
      name: 'Edit Holding AG',
      status: 'listed',
      tradingEnabled: true,
      pe: null,
    });

    const audit = await auditOf('EDIT');
    expect(audit.map((a) => a.action)).toEqual([
      'instrument.create',
      'instrument.update',
      'instrument.update',
      'instrument.update',
      'instrument.update',
    ]);
    expect(audit[1]?.details).toEqual({
      changes: {
        name: { from: 'Edit AG', to: 'Edit Holding AG' },
        names: { from: {}, to: { 'zh-CN': '编辑控股', en: 'Edit Holding' } },
        lotSize: { from: 1, to: 100 },
      },
    });
    expect(audit[2]?.details).toEqual({ changes: { status: { from: 'listed', to: 'suspended' } } });
    expect(audit[3]?.details).toEqual({
      changes: { pe: { from: '41.20', to: null }, tradingEnabled: { from: true, to: false } },
    });
  });

  it('lists a new issue for trading: ipo → listed, and the simulator starts pricing it', async () => {
    const created = await call('POST', '/api/admin/instruments', admin, {
      ...SAP,
      code: 'NEWCO',
      name: 'NewCo',
      status: 'ipo',
      startPrice: '12.00',
    });
    expect(body(created).data).toMatchObject({ status: 'ipo', history: { dailyBars: 0 } });
    const listed = await call('PUT', '/api/admin/instruments/NEWCO', admin, { status: 'listed' });
    expect(body(listed).data).toMatchObject({ status: 'listed', last: '12.00' });
    expect(body(listed).data.history.dailyBars).toBeGreaterThanOrEqual(30);
  });

  it('lists instruments by search text and status, a page at a time', async () => {
    const page = (query: string) => call('GET', `/api/admin/instruments?${query}`, admin);
    const all = body(await page('')).data;
    expect(all.items.map((i: { code: string }) => i.code)).toEqual(['EDIT', 'NEWCO', 'SAP']);
    expect(all).toMatchObject({ total: 3, page: 1, pageSize: 50 });
    expect(body(await page('q=holding')).data.items.map((i: { code: string }) => i.code)).toEqual(['EDIT']);
    expect(body(await page('q=编辑')).data.items.map((i: { code: string }) => i.code)).toEqual(['EDIT']);
    expect(body(await page('q=%25')).data.total).toBe(0);
    await call('PUT', '/api/admin/instruments/NEWCO', admin, { status: 'suspended' });
    expect(body(await page('status=suspended')).data.items.map((i: { code: string }) => i.code)).toEqual(['NEWCO']);
    const second = body(await page('pageSize=2&page=2')).data;
    expect(second).toMatchObject({ total: 3, page: 2, pageSize: 2 });
    expect(second.items.map((i: { code: string }) => i.code)).toEqual(['SAP']);
    for (const query of ['status=gone', 'page=0', 'sort=code', 'q=' + 'x'.repeat(51)]) {
      expect((await page(query)).statusCode, query).toBe(400);
    }
  });

  it('refuses the raw VIX file, listing every bad line, and writes nothing', async () => {
    // The fixture's known flaws (fixtures/market/README.md): 47 rows, the first on line 535.
    expect(VIX_BAD_LINES).toHaveLength(47);
    expect(VIX_BAD_LINES[0]).toBe(535);
    expect(VIX_BAD_LINES.at(-1)).toBe(4060);
    const before = await footprint();
    for (const dryRun of [true, false]) {
      const res = await importCsv('VIX', VIX_TEXT, { dryRun });
      expect(res.statusCode).toBe(400);
      const answer = JSON.parse(res.body);
      expect(answer).toMatchObject({
        code: 400,
        error: 'CSV_INVALID',
        msg: 'The file has 47 invalid rows; nothing was imported',
        data: null,
      });
      expect(answer.details.problemsTotal).toBe(47);
      expect(answer.details.rowsTotal).toBe(9235);
      expect(answer.details.problems.map((p: Problem) => p.line)).toEqual(VIX_BAD_LINES);
      expect(answer.details.problems[0]).toEqual({
        line: 535,
        code: 'open_outside_range',
        detail: 'open 19.240000 is outside low 17.610000 – high 18.570000',
      });
    }
    expect(await footprint()).toEqual(before);
    expect((await call('GET', '/api/admin/instruments/VIX', admin)).statusCode).toBe(404);
  });

  it('previews the cleaned VIX file without writing, then imports its 9,188 daily bars, idempotently', async () => {
    const before = await footprint();
    const preview = await importCsv('VIX', VIX_CLEAN, { dryRun: true });
    expect(preview.statusCode, preview.body).toBe(200);
    expect(body(preview).data).toEqual({
      code: 'VIX',
      dryRun: true,
      isNew: true,
      interval: '1d',
      rowsTotal: 9188,
      firstT: '1990-01-02T00:00:00.000Z',
      lastT: '2026-07-23T00:00:00.000Z',
      first: [
        { t: '1990-01-02T00:00:00.000Z', o: '17.24', h: '17.24', l: '17.24', c: '17.24', v: 0 },
        { t: '1990-01-03T00:00:00.000Z', o: '18.19', h: '18.19', l: '18.19', c: '18.19', v: 0 },
        { t: '1990-01-04T00:00:00.000Z', o: '19.22', h: '19.22', l: '19.22', c: '19.22', v: 0 },
        { t: '1990-01-05T00:00:00.000Z', o: '20.11', h: '20.11', l: '20.11', c: '20.11', v: 0 },
        expect.objectContaining({ t: '1990-01-08T00:00:00.000Z' }),
      ],
      last: [
        expect.objectContaining({ t: '2026-07-17T00:00:00.000Z' }),
        expect.objectContaining({ t: '2026-07-20T00:00:00.000Z' }),
        expect.objectContaining({ t: '2026-07-21T00:00:00.000Z' }),
        { t: '2026-07-22T00:00:00.000Z', o: '17.42', h: '19.49', l: '16.64', c: '16.64', v: 0 },
        { t: '2026-07-23T00:00:00.000Z', o: '17.67', h: '20.31', l: '17.32', c: '18.70', v: 0 },
      ],
      existingBarsInRange: 0,
      replacedBars: 0,
      dailyBarsRolledUp: 0,
    });
    expect(await footprint()).toEqual(before);

    const imported = await importCsv('VIX', VIX_CLEAN);
    expect(imported.statusCode, imported.body).toBe(200);
    expect(body(imported).data).toMatchObject({ dryRun: false, isNew: true, rowsTotal: 9188, replacedBars: 0 });
    expect(await barCount('VIX', 'dailyBars')).toBe(9188);
    const vix = body(await call('GET', '/api/admin/instruments/VIX', admin)).data;
    expect(vix).toMatchObject({
      code: 'VIX',
      // Named after its code until an operator edits it.
      name: 'VIX',
      sector: 'other',
      lotSize: 1,
      source: 'imported',
      status: 'listed',
      startPrice: '18.70',
      last: '18.70',
      history: { dailyBars: 9188, firstDate: '1990-01-02', lastDate: '2026-07-23' },
      minuteBars: 0,
    });
    expect(vix.imports).toEqual([
      {
        id: expect.any(Number),
        fileName: 'vix.csv',
        fileSha256: expect.stringMatching(/^[0-9a-f]{64}$/),
        interval: '1d',
        rowsTotal: 9188,
        firstT: '1990-01-02T00:00:00.000Z',
        lastT: '2026-07-23T00:00:00.000Z',
        operator: expect.any(String),
        createdAt: '2026-11-23T09:00:00.000Z',
      },
    ]);
    // Investors see the last close as the price.
    const quote = body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/VIX' })).data.quote;
    // No trading today, so no change against the last close.
    expect(quote).toMatchObject({ last: '18.70', prevClose: '18.70', change: '0.00' });

    // The same file again: every bar is overwritten by itself, nothing is added.
    const again = await importCsv('VIX', VIX_CLEAN);
    expect(body(again).data).toMatchObject({ isNew: false, existingBarsInRange: 9188, replacedBars: 9188 });
    expect(await barCount('VIX', 'dailyBars')).toBe(9188);

    // A corrected file replaces what it corrects: the last close becomes 18.80.
    const corrected = VIX_CLEAN.replace(
      '2026-07-23,17.670000,20.310000,17.320000,18.700000',
      '2026-07-23,17.67,20.31,17.32,18.80',
    );
    expect(corrected).not.toBe(VIX_CLEAN);
    expect(body(await importCsv('VIX', corrected)).data).toMatchObject({ replacedBars: 9188 });
    expect(await barCount('VIX', 'dailyBars')).toBe(9188);
    const lastDay = body(
      await t.app.inject({
        method: 'GET',
        url: '/api/market/instruments/VIX/candles?interval=1d&from=2026-07-23T00:00:00Z&to=2026-07-23T23:59:59Z',
      }),
    ).data;
    expect(lastDay).toEqual([{ t: '2026-07-23T00:00:00.000Z', o: '17.67', h: '20.31', l: '17.32', c: '18.80', v: 0 }]);
    // The imported instrument's quote follows its corrected history.
    expect(body(await t.app.inject({ method: 'GET', url: '/api/market/instruments/VIX' })).data.quote.last).toBe(
      '18.80',
    );

    const audit = await auditOf('VIX');
    expect(audit.map((a) => a.action)).toEqual(['instrument.import', 'instrument.import', 'instrument.import']);
    expect(audit[0]?.details).toMatchObject({
      via: 'console',
      fileName: 'vix.csv',
      interval: '1d',
      rows: 9188,
      created: true,
      replacedBars: 0,
    });
  });

  it('charts the imported VIX history by week and by month', async () => {
    const candles = async (query: string) =>
      body(await t.app.inject({ method: 'GET', url: `/api/market/instruments/VIX/candles?${query}` })).data;
    // The week of 16 March 2020, Monday to Friday, as in the file:
    //   2020-03-16,57.830000,83.560000,57.830000,82.690000
    //   2020-03-17,82.690000,84.830000,70.370000,75.910000
    //   2020-03-18,69.370000,85.470000,69.370000,76.450000
    //   2020-03-19,80.620000,84.260000,68.570000,72.000000
    //   2020-03-20,67.860000,69.510000,57.420000,66.040000
    // open = Monday's open 57.83; high = the highest high 85.47 (Wed); low = the lowest low 57.42
    // (Fri); close = Friday's close 66.04; volume 0 (the file has none).
    const week = VIX_LINES.filter((line) => line >= '2020-03-16' && line < '2020-03-21');
    expect(week).toHaveLength(5);
    const rows = week.map((line) => line.split(',').slice(1).map(ticks) as [number, number, number, number]);
    const fromRows = {
      o: formatPrice(rows[0]?.[0] ?? 0),
      h: formatPrice(Math.max(...rows.map((r) => r[1]))),
      l: formatPrice(Math.min(...rows.map((r) => r[2]))),
      c: formatPrice(rows.at(-1)?.[3] ?? 0),
    };
    expect(fromRows).toEqual({ o: '57.83', h: '85.47', l: '57.42', c: '66.04' });
    expect(await candles('interval=1w&from=2020-03-16T00:00:00Z&to=2020-03-22T23:59:59Z')).toEqual([
      { t: '2020-03-16T00:00:00.000Z', ...fromRows, v: 0 },
    ]);

    // March 2020 (22 trading days): open 34.86 on the 2nd, high 85.47 on the 18th, low 24.93 on
    // the 3rd, close 53.54 on the 31st.
    const march = VIX_LINES.filter((line) => line.startsWith('2020-03-'));
    expect(march).toHaveLength(22);
    const marchRows = march.map((line) => line.split(',').slice(1).map(ticks) as [number, number, number, number]);
    expect(Math.min(...marchRows.map((r) => r[2]))).toBe(ticks('24.93'));
    expect(await candles('interval=1M&from=2020-03-01T00:00:00Z&to=2020-03-31T23:59:59Z')).toEqual([
      { t: '2020-03-01T00:00:00.000Z', o: '34.86', h: '85.47', l: '24.93', c: '53.54', v: 0 },
    ]);
    // Weeks are whole from Monday: a query starting on Wednesday still gets the full week.
    expect((await candles('interval=1w&from=2020-03-18T00:00:00Z&to=2020-03-20T00:00:00Z'))[0]).toMatchObject({
      t: '2020-03-16T00:00:00.000Z',
      o: '57.83',
    });
  });

  it('imports a 1-minute file with volume and rolls it up into the trading days of the exchange zone', async () => {
    // Europe/Berlin is UTC+1 in November: 22:58 and 22:59 UTC are on 19 November there, 23:00 UTC is
    // already 20 November.
    const csv = [
      'datetime,open,high,low,close,volume',
      '2026-11-19 22:58,10.00,10.50,9.90,10.20,100',
      '2026-11-19 22:59,10.20,10.30,10.00,10.10,50',
      '2026-11-19T23:00Z,10.10,10.40,10.05,10.35,70',
      '2026-11-20 08:30,10.35,11.00,10.30,10.90,200',
      '2026-11-20 16:29:00,10.90,10.95,10.60,10.65,30',
      '',
    ].join('\n');
    const preview = body(await importCsv('INTRA', csv, { dryRun: true })).data;
    expect(preview).toMatchObject({ isNew: true, interval: '1m', rowsTotal: 5, dailyBarsRolledUp: 0 });
    expect(preview.first[4]).toEqual({
      t: '2026-11-20T16:29:00.000Z',
      o: '10.90',
      h: '10.95',
      l: '10.60',
      c: '10.65',
      v: 30,
    });
    expect(await barCount('INTRA', 'minuteBars')).toBe(0);

    const imported = body(await importCsv('INTRA', csv)).data;
    expect(imported).toMatchObject({ isNew: true, interval: '1m', rowsTotal: 5, dailyBarsRolledUp: 2 });
    expect(await barCount('INTRA', 'minuteBars')).toBe(5);
    const get = async (query: string) =>
      body(await t.app.inject({ method: 'GET', url: `/api/market/instruments/INTRA/candles?${query}` })).data;
    // 19 Nov: the first two minutes → open 10.00, high 10.50, low 9.90, close 10.10, volume 150.
    // 20 Nov: the last three → open 10.10, high 11.00, low 10.05, close 10.65, volume 70+200+30 = 300.
    const days = [
      { t: '2026-11-19T00:00:00.000Z', o: '10.00', h: '10.50', l: '9.90', c: '10.10', v: 150 },
      { t: '2026-11-20T00:00:00.000Z', o: '10.10', h: '11.00', l: '10.05', c: '10.65', v: 300 },
    ];
    expect(await get('interval=1d&from=2026-11-18T00:00:00Z&to=2026-11-21T00:00:00Z')).toEqual(days);
    // The week of Monday 16 November holds both days.
    expect(await get('interval=1w&from=2026-11-16T00:00:00Z&to=2026-11-22T00:00:00Z')).toEqual([
      { t: '2026-11-16T00:00:00.000Z', o: '10.00', h: '11.00', l: '9.90', c: '10.65', v: 450 },
    ]);
    const minutes = await get('interval=1m&from=2026-11-19T22:00:00Z&to=2026-11-20T23:00:00Z');
    expect(minutes.map((m: { t: string; v: number }) => [m.t, m.v])).toEqual([
      ['2026-11-19T22:58:00.000Z', 100],
      ['2026-11-19T22:59:00.000Z', 50],
      ['2026-11-19T23:00:00.000Z', 70],
      ['2026-11-20T08:30:00.000Z', 200],
      ['2026-11-20T16:29:00.000Z', 30],
    ]);
    // A second file adds one minute to 20 November: that day is rebuilt from all its stored minutes
    // (high 11.20 now, close 11.10, volume 300 + 40 = 340), 19 November stays as it was.
    const more = ['datetime,open,high,low,close,volume', '2026-11-20 17:00,10.70,11.20,10.70,11.10,40'].join('\n');
    expect(body(await importCsv('INTRA', more)).data).toMatchObject({ isNew: false, dailyBarsRolledUp: 1 });
    expect(await get('interval=1d&from=2026-11-18T00:00:00Z&to=2026-11-21T00:00:00Z')).toEqual([
      days[0],
      { t: '2026-11-20T00:00:00.000Z', o: '10.10', h: '11.20', l: '10.05', c: '11.10', v: 340 },
    ]);
    // Re-importing the first file changes nothing.
    expect(body(await importCsv('INTRA', csv)).data).toMatchObject({ replacedBars: 5, dailyBarsRolledUp: 2 });
    expect(await barCount('INTRA', 'minuteBars')).toBe(6);
    expect(await get('interval=1d&from=2026-11-20T00:00:00Z&to=2026-11-21T00:00:00Z')).toEqual([
      { t: '2026-11-20T00:00:00.000Z', o: '10.10', h: '11.20', l: '10.05', c: '11.10', v: 340 },
    ]);
  });

  it('refuses files with malformed rows, high below low or times out of order, with their line numbers', async () => {
    const cases: Array<[string, string[], Array<[number, string]>]> = [
      [
        'high below low',
        ['date,open,high,low,close', '2024-01-02,10,11,9,10.5', '2024-01-03,10,9,11,10', '2024-01-04,10,11,9,10'],
        [[3, 'high_below_low']],
      ],
      [
        'not increasing',
        [
          'date,open,high,low,close',
          '2024-01-02,10,11,9,10',
          '2024-01-04,10,11,9,10',
          '2024-01-03,10,11,9,10',
          '2024-01-04,10,11,9,10',
        ],
        [
          [4, 'not_increasing'],
          [5, 'duplicate'],
        ],
      ],
      [
        'malformed',
        [
          'date,open,high,low,close,volume',
          '2024-01-02,10,11,9,10,5',
          '2024-01-03;10;11;9;10;5',
          '',
          '2024-01-05,10,11,9,abc,5',
          '2024-13-01,10,11,9,10,-1',
        ],
        [
          [3, 'columns'],
          [5, 'price'],
          [6, 'datetime'],
          [6, 'volume'],
        ],
      ],
      ['wrong header', ['when,open,high,low,close', '2024-01-02,10,11,9,10'], [[1, 'header']]],
      ['empty', [''], [[1, 'empty']]],
    ];
    const before = await footprint();
    for (const [name, lines, expected] of cases) {
      for (const code of ['FRESH', 'VIX']) {
        const res = await importCsv(code, lines.join('\n'));
        expect(res.statusCode, name).toBe(400);
        const answer = JSON.parse(res.body);
        expect(answer.error, name).toBe('CSV_INVALID');
        expect(
          answer.details.problems.map((p: Problem) => [p.line, p.code]),
          name,
        ).toEqual(expected);
      }
    }
    expect(await footprint()).toEqual(before);
  });

  it('validates the import request itself; only this route takes bodies beyond 1 MiB', async () => {
    const before = await footprint();
    for (const [payload, error] of [
      [{ csv: 'date,open,high,low,close\n2024-01-02,1,1,1,1' }, 'VALIDATION_FAILED'],
      [{ fileName: '', csv: 'x' }, 'VALIDATION_FAILED'],
      [{ fileName: 'a.csv', csv: 1 }, 'VALIDATION_FAILED'],
      [{ fileName: 'a.csv', csv: 'x', dryRun: 'yes' }, 'VALIDATION_FAILED'],
      [{ fileName: 'a.csv', csv: 'x', code: 'X' }, 'UNKNOWN_FIELD'],
    ] as const) {
      const res = await call('POST', '/api/admin/instruments/NEWX/import', admin, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      expect(body(res).error).toBe(error);
    }
    expect(
      (await call('POST', '/api/admin/instruments/new-x/import', admin, { fileName: 'a.csv', csv: 'x' })).statusCode,
    ).toBe(400);

    // A 2 MiB file is accepted by the import (and refused as CSV), but a 2 MiB edit is too large.
    const big = `date,open,high,low,close\n${'2024-01-02,1,1,1,1\n'.repeat(120_000)}`;
    expect(big.length).toBeGreaterThan(2 * 1024 * 1024);
    const bigImport = await importCsv('NEWX', big);
    expect(body(bigImport).error).toBe('CSV_INVALID');
    expect(JSON.parse(bigImport.body).details).toMatchObject({ problemsTotal: 119_999, rowsTotal: 120_000 });
    expect(JSON.parse(bigImport.body).details.problems).toHaveLength(1000);
    expect(body(bigImport).msg).toBe('The file has 119999 invalid rows; nothing was imported');
    const bigEdit = await call('PUT', '/api/admin/instruments/SAP', admin, { name: 'x'.repeat(2 * 1024 * 1024) });
    expect(bigEdit.statusCode).toBe(413);
    expect(body(bigEdit).error).toBe('PAYLOAD_TOO_LARGE');
    // Beyond 20 MiB of text the import refuses too.
    const tooLong = await importCsv('NEWX', 'x'.repeat(INSTRUMENT_IMPORT_MAX_CHARS + 1));
    expect(tooLong.statusCode).toBe(400);
    expect(body(tooLong).error).toBe('VALIDATION_FAILED');
    expect(await footprint()).toEqual(before);
  });
});
