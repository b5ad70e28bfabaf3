import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { formatPrice } from '@bourse/shared/price';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseOhlcvCsv, type CsvProblemCode, type ParsedBar } from './ohlcv-csv.ts';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../../..');
const VIX_PATH = path.join(REPO_ROOT, 'fixtures/market/vix-daily.csv');

const DAY = 86_400_000;
const HEADER = 'date,open,high,low,close';

/** Line and code of every problem, the shape most assertions compare. */
const codes = (text: string) => parseOhlcvCsv(text).problems.map(({ line, code }) => ({ line, code }));

/**
 * The VIX file's bad lines, found the plain way: split the raw text, read numbers with Number()
 * (every value has at most 2 significant decimals, so comparing doubles is exact), compare.
 * Deliberately shares nothing with the parser.
 */
function independentVixCheck(raw: string): { line: number; code: CsvProblemCode }[] {
  const bad: { line: number; code: CsvProblemCode }[] = [];
  const lines = raw.split(/\r?\n/);
  let previousDate = '';
  lines.forEach((text, index) => {
    if (index === 0 || text === '') return;
    const [date = '', ...rest] = text.split(',');
    const [open = NaN, high = NaN, low = NaN, close = NaN] = rest.map(Number);
    const line = index + 1;
    // ISO dates compare correctly as strings.
    if (date === previousDate) bad.push({ line, code: 'duplicate' });
    else if (date < previousDate) bad.push({ line, code: 'not_increasing' });
    else previousDate = date;
    if (high < low) bad.push({ line, code: 'high_below_low' });
    else {
      if (open < low || open > high) bad.push({ line, code: 'open_outside_range' });
      if (close < low || close > high) bad.push({ line, code: 'close_outside_range' });
    }
  });
  return bad;
}

describe('parseOhlcvCsv on the real VIX daily file', () => {
  const raw = readFileSync(VIX_PATH, 'utf8');
  const expectedBad = independentVixCheck(raw);

  it('reports exactly the lines a plain check finds, with their codes', () => {
    // Guards the fixture itself: it is known to hold 47 rows whose open lies outside low–high.
    expect(expectedBad).toHaveLength(47);
    expect(new Set(expectedBad.map((p) => p.code))).toEqual(new Set(['open_outside_range']));

    const result = parseOhlcvCsv(raw);
    expect(result.ok).toBe(false);
    expect(result.bars).toEqual([]);
    expect(result.rowsTotal).toBe(9235);
    expect(result.interval).toBe('1d');
    expect(result.problemsTotal).toBe(expectedBad.length);
    expect(result.problems.map(({ line, code }) => ({ line, code }))).toEqual(expectedBad);
    expect(result.problems[0]).toEqual({
      line: 535,
      code: 'open_outside_range',
      detail: 'open 19.240000 is outside low 17.610000 – high 18.570000',
    });
  });

  it('parses a copy without the bad lines', () => {
    const badLines = new Set(expectedBad.map((p) => p.line));
    const lines = raw.split('\r\n');
    const cleaned = lines.filter((_, index) => !badLines.has(index + 1)).join('\r\n');
    const result = parseOhlcvCsv(cleaned);

    expect(result.problems).toEqual([]);
    expect(result.ok).toBe(true);
    expect(result.interval).toBe('1d');
    expect(result.rowsTotal).toBe(9235 - 47);
    expect(result.bars).toHaveLength(9235 - 47);
    expect(result.bars[0]).toEqual({
      t: Date.UTC(1990, 0, 2),
      open: 172400,
      high: 172400,
      low: 172400,
      close: 172400,
      volume: 0,
    });
    expect(result.bars.at(-1)).toEqual({
      t: Date.UTC(2026, 6, 23),
      open: 176700,
      high: 203100,
      low: 173200,
      close: 187000,
      volume: 0,
    });

    // Every bar against the raw text, converted the simple way (values have ≤ 2 decimals, so rounding is exact).
    const dataLines = lines.filter((text, index) => index > 0 && text !== '' && !badLines.has(index + 1));
    const ticks = (value: string | undefined) => Math.round(Number(value) * 10_000);
    result.bars.forEach((bar, index) => {
      const [date, open, high, low, close] = (dataLines[index] ?? '').split(',');
      expect(bar).toEqual({
        t: Date.parse(`${date}T00:00:00Z`),
        open: ticks(open),
        high: ticks(high),
        low: ticks(low),
        close: ticks(close),
        volume: 0,
      });
    });
  });
});

describe('parseOhlcvCsv formats', () => {
  it('reads an intraday file with volume in every datetime form', () => {
    const text = [
      'Time,Open,High,Low,Close,Volume',
      '2024-03-01 09:30,10.5,11,10,10.75,1200',
      '2024-03-01 09:31:00,10.75,10.8,10.7,10.8,0',
      '2024-03-01T09:32,10.8,10.9,10.8,10.85,300',
      '2024-03-01T09:33:00Z,10.85,10.85,10.8,10.8,1000000000000000',
      '2024-03-01T09:47Z,0.0001,99999999.9999,0.0001,1.2345,7',
      '',
    ].join('\n');
    const result = parseOhlcvCsv(text);
    expect(result).toEqual({
      ok: true,
      interval: '1m',
      rowsTotal: 5,
      problems: [],
      problemsTotal: 0,
      bars: [
        { t: Date.UTC(2024, 2, 1, 9, 30), open: 105000, high: 110000, low: 100000, close: 107500, volume: 1200 },
        { t: Date.UTC(2024, 2, 1, 9, 31), open: 107500, high: 108000, low: 107000, close: 108000, volume: 0 },
        { t: Date.UTC(2024, 2, 1, 9, 32), open: 108000, high: 109000, low: 108000, close: 108500, volume: 300 },
        { t: Date.UTC(2024, 2, 1, 9, 33), open: 108500, high: 108500, low: 108000, close: 108000, volume: 1e15 },
        { t: Date.UTC(2024, 2, 1, 9, 47), open: 1, high: 999_999_999_999, low: 1, close: 12345, volume: 7 },
      ],
    });
  });

  it('accepts a BOM, header case and spacing, "datetime" and "time" names, no trailing newline', () => {
    for (const header of [
      '\uFEFFDATE,OPEN,HIGH,LOW,CLOSE',
      ' Datetime , open,High ,LOW,close',
      'time,open,high,low,close',
    ]) {
      const result = parseOhlcvCsv(`${header}\n2024-01-02, 1.5 ,2,1,1.5`);
      expect(result.problems).toEqual([]);
      expect(result.bars).toEqual([
        { t: Date.UTC(2024, 0, 2), open: 15000, high: 20000, low: 10000, close: 15000, volume: 0 },
      ]);
    }
  });

  it('counts CRLF, blank and whitespace-only lines in line numbers', () => {
    const text = [
      HEADER,
      '',
      '2024-01-02,1,1,1,1',
      '   ',
      '',
      '2024-01-03,1,1,1,x',
      '\t',
      '2024-01-04,1,1,1,1',
      '',
    ].join('\r\n');
    const result = parseOhlcvCsv(text);
    expect(result.rowsTotal).toBe(3);
    expect(result.problems).toEqual([
      { line: 6, code: 'price', detail: 'close "x" is not a decimal with at most 4 decimals' },
    ]);
    expect(parseOhlcvCsv(text.replace('1,x', '1,1')).bars.map((bar) => bar.t)).toEqual([
      Date.UTC(2024, 0, 2),
      Date.UTC(2024, 0, 3),
      Date.UTC(2024, 0, 4),
    ]);
  });

  it('accepts LF and CRLF mixed in one file', () => {
    expect(parseOhlcvCsv(`${HEADER}\r\n2024-01-02,1,1,1,1\n2024-01-03,1,1,1,1\r\n`).bars).toHaveLength(2);
  });

  it('rejects a fifth non-zero decimal but drops trailing zero decimals losslessly', () => {
    expect(codes(`${HEADER}\n2024-01-02,1.00001,2,1,1.5`)).toEqual([{ line: 2, code: 'price' }]);
    expect(parseOhlcvCsv(`${HEADER}\n2024-01-02,1.23456,2,1,1.5`).problems[0]?.detail).toBe(
      'open "1.23456" is not a decimal with at most 4 decimals',
    );
    expect(parseOhlcvCsv(`${HEADER}\n2024-01-02,1.234500,2.00000000,1.0000,1.5`).bars).toEqual([
      { t: Date.UTC(2024, 0, 2), open: 12345, high: 20000, low: 10000, close: 15000, volume: 0 },
    ]);
  });

  it('validates real calendar dates', () => {
    for (const bad of [
      '2026-02-30',
      '2023-02-29',
      '1900-02-29',
      '2024-04-31',
      '2024-13-01',
      '2024-00-10',
      '2024-01-00',
    ]) {
      const result = parseOhlcvCsv(`${HEADER}\n${bad},1,1,1,1`);
      expect(result.problems).toEqual([{ line: 2, code: 'datetime', detail: `"${bad}" is not a real calendar date` }]);
    }
    for (const [good, t] of [
      ['2024-02-29', Date.UTC(2024, 1, 29)],
      ['2000-02-29', Date.UTC(2000, 1, 29)],
      ['1969-12-31', -DAY],
      ['0099-01-01', Date.parse('0099-01-01T00:00:00Z')],
    ] as const) {
      expect(parseOhlcvCsv(`${HEADER}\n${good},1,1,1,1`).bars[0]?.t).toBe(t);
    }
  });

  it('rejects malformed datetimes and non-zero seconds', () => {
    const bad = [
      '2024-1-02',
      '02/01/2024',
      '2024-01-02 9:30',
      '2024-01-02 09:30Z',
      '2024-01-02T09:30+01:00',
      '2024-01-02 24:00',
      '2024-01-02 12:60',
      '2024-01-02 12:00:30',
      '2024-01-02 12:00:00.000',
      '2024-01-02T',
      '',
      '"2024-01-02"',
    ];
    for (const value of bad) {
      expect(codes(`${HEADER}\n${value},1,1,1,1`)).toEqual([{ line: 2, code: 'datetime' }]);
    }
    expect(parseOhlcvCsv(`${HEADER}\n2024-01-02 12:00:30,1,1,1,1`).problems[0]?.detail).toBe(
      '"2024-01-02 12:00:30": seconds must be 00',
    );
  });
});

describe('parseOhlcvCsv problem codes', () => {
  const cases: [string, string, { line: number; code: CsvProblemCode; detail?: string }[]][] = [
    [
      'header: extra column',
      'date,open,high,low,close,volume,oi\n2024-01-02,1,1,1,1,1,1',
      [{ line: 1, code: 'header' }],
    ],
    ['header: missing column', 'date,open,high,close\n2024-01-02,1,1,1', [{ line: 1, code: 'header' }]],
    ['header: wrong order', 'date,high,open,low,close\n2024-01-02,1,1,1,1', [{ line: 1, code: 'header' }]],
    ['header: blank first line', '\ndate,open,high,low,close\n2024-01-02,1,1,1,1', [{ line: 1, code: 'header' }]],
    [
      'columns',
      `${HEADER}\n2024-01-02,1,1,1\n2024-01-03,1,1,1,1,5`,
      [
        { line: 2, code: 'columns', detail: 'expected 5 fields, found 4' },
        { line: 3, code: 'columns', detail: 'expected 5 fields, found 6' },
      ],
    ],
    ['columns: unterminated quote', `${HEADER}\n2024-01-02,"1,1,1,1`, [{ line: 2, code: 'columns' }]],
    ['datetime', `${HEADER}\nyesterday,1,1,1,1`, [{ line: 2, code: 'datetime' }]],
    [
      'price: quoted thousands separator',
      `${HEADER}\n2024-01-02,"1,234",1300,1200,1250`,
      [{ line: 2, code: 'price', detail: 'open "\\"1,234\\"" is quoted; quoted values are not allowed' }],
    ],
    [
      'price: zero and negative, one problem per row',
      `${HEADER}\n2024-01-02,0,1,-1,0.0000`,
      [
        {
          line: 2,
          code: 'price',
          detail:
            'open "0" must be greater than 0; low "-1" is not a decimal with at most 4 decimals; close "0.0000" must be greater than 0',
        },
      ],
    ],
    [
      'volume',
      'date,open,high,low,close,volume\n2024-01-02,1,1,1,1,-5\n2024-01-03,1,1,1,1,1.5\n2024-01-04,1,1,1,1,1e3\n2024-01-05,1,1,1,1,1000000000000001\n2024-01-06,1,1,1,1,\n2024-01-07,1,1,1,1,12345678901234567',
      [
        { line: 2, code: 'volume', detail: 'volume "-5" is not a whole number of shares' },
        { line: 3, code: 'volume' },
        { line: 4, code: 'volume' },
        { line: 5, code: 'volume', detail: 'volume "1000000000000001" is above 10^15' },
        { line: 6, code: 'volume', detail: 'volume "" is missing' },
        { line: 7, code: 'volume' },
      ],
    ],
    [
      'high_below_low (open/close not reported against an empty range)',
      `${HEADER}\n2024-01-02,5,1,2,9`,
      [{ line: 2, code: 'high_below_low', detail: 'high 1 is below low 2' }],
    ],
    [
      'open_outside_range',
      `${HEADER}\n2024-01-02,0.5,2,1,1.5\n2024-01-03,2.5,2,1,1.5`,
      [
        { line: 2, code: 'open_outside_range', detail: 'open 0.5 is outside low 1 – high 2' },
        { line: 3, code: 'open_outside_range' },
      ],
    ],
    [
      'close_outside_range',
      `${HEADER}\n2024-01-02,1.5,2,1,0.9999\n2024-01-03,1.5,2,1,2.0001`,
      [
        { line: 2, code: 'close_outside_range', detail: 'close 0.9999 is outside low 1 – high 2' },
        { line: 3, code: 'close_outside_range' },
      ],
    ],
    [
      'open and close both outside',
      `${HEADER}\n2024-01-02,3,2,1,0.5`,
      [
        { line: 2, code: 'open_outside_range' },
        { line: 2, code: 'close_outside_range' },
      ],
    ],
    [
      'duplicate',
      `${HEADER}\n2024-01-02,1,1,1,1\n\n2024-01-02,1,1,1,1`,
      [{ line: 4, code: 'duplicate', detail: '"2024-01-02" repeats line 2 ("2024-01-02")' }],
    ],
    [
      'not_increasing (later rows compare with the latest accepted row)',
      `${HEADER}\n2024-01-02,1,1,1,1\n2024-01-05,1,1,1,1\n2024-01-03,1,1,1,1\n2024-01-04,1,1,1,1\n2024-01-06,1,1,1,1`,
      [
        { line: 4, code: 'not_increasing', detail: '"2024-01-03" is before line 3 ("2024-01-05")' },
        { line: 5, code: 'not_increasing', detail: '"2024-01-04" is before line 3 ("2024-01-05")' },
      ],
    ],
    [
      'mixed_interval reported once, on the first differing line',
      `${HEADER}\n2024-01-02,1,1,1,1\n2024-01-03 10:00,1,1,1,1\n2024-01-04T10:00,1,1,1,1\n2024-01-05,1,1,1,1`,
      [
        {
          line: 3,
          code: 'mixed_interval',
          detail: '"2024-01-03 10:00" has a time of day but line 2 is a date only',
        },
      ],
    ],
    ['empty: header only', `${HEADER}\n`, [{ line: 1, code: 'empty' }]],
    ['empty: header and blank lines', `${HEADER}\r\n\r\n  \r\n`, [{ line: 1, code: 'empty' }]],
    ['empty: nothing at all', '', [{ line: 1, code: 'empty', detail: 'the file is empty' }]],
    ['empty: only a BOM and newlines', '\uFEFF\n\n', [{ line: 1, code: 'empty' }]],
  ];

  it.each(cases)('%s', (_name, text, expected) => {
    const result = parseOhlcvCsv(text);
    expect(result.ok).toBe(false);
    expect(result.bars).toEqual([]);
    expect(result.problemsTotal).toBe(expected.length);
    expect(result.problems).toHaveLength(expected.length);
    expected.forEach((want, index) => expect(result.problems[index]).toMatchObject(want));
  });

  it('covers every problem code', () => {
    const all: CsvProblemCode[] = [
      'header',
      'columns',
      'datetime',
      'price',
      'volume',
      'high_below_low',
      'open_outside_range',
      'close_outside_range',
      'not_increasing',
      'duplicate',
      'mixed_interval',
      'empty',
    ];
    const covered = new Set(cases.flatMap(([, , expected]) => expected.map((p) => p.code)));
    expect([...covered].sort()).toEqual([...all].sort());
  });

  it('reports every problem of one row, once per code', () => {
    const text = `date,open,high,low,close,volume\n2024-01-02 10:00,1,1,1,1,1\n2024-01-02,abc,1,1,xyz,-1`;
    expect(codes(text)).toEqual([
      { line: 3, code: 'mixed_interval' },
      { line: 3, code: 'not_increasing' },
      { line: 3, code: 'price' },
      { line: 3, code: 'volume' },
    ]);
  });

  it('does not parse rows after a bad header, but counts them', () => {
    const result = parseOhlcvCsv('date,open,high,low\n2024-01-02,x\n\n2024-01-03,y\n');
    expect(result.problems).toEqual([
      { line: 1, code: 'header', detail: 'expected "date,open,high,low,close[,volume]", found "date,open,high,low"' },
    ]);
    expect(result.rowsTotal).toBe(2);
    expect(result.interval).toBeNull();
  });

  it('keeps at most maxProblems problems but counts them all', () => {
    const rows = Array.from({ length: 10 }, (_, i) => `2024-01-${String(i + 1).padStart(2, '0')},1,1,1,0`);
    const text = [HEADER, ...rows].join('\n');
    expect(parseOhlcvCsv(text).problems).toHaveLength(10);
    const capped = parseOhlcvCsv(text, { maxProblems: 3 });
    expect(capped.ok).toBe(false);
    expect(capped.problemsTotal).toBe(10);
    expect(capped.problems.map((p) => p.line)).toEqual([2, 3, 4]);
    expect(() => parseOhlcvCsv(text, { maxProblems: 0 })).toThrow(RangeError);
  });

  it('returns no bars when only the last row is bad', () => {
    const result = parseOhlcvCsv(`${HEADER}\n2024-01-02,1,1,1,1\n2024-01-03,1,1,1,1\n2024-01-04,1,1,1,0`);
    expect(result.ok).toBe(false);
    expect(result.bars).toEqual([]);
    expect(result.interval).toBe('1d');
  });
});

describe('parseOhlcvCsv properties and performance', () => {
  const MAX_TICKS = 999_999_999_999;

  /** Formats ticks with 1–4 decimals as a human would, distinct from formatPrice's choice. */
  const plainPrice = (ticks: number, decimals: number) => {
    const whole = Math.trunc(ticks / 10_000);
    const fraction = String(ticks % 10_000).padStart(4, '0');
    const kept = fraction.slice(0, decimals);
    // Only drop decimals that are zero, so the value stays exact.
    return /^0*$/.test(fraction.slice(decimals)) ? `${whole}.${kept}` : `${whole}.${fraction}`;
  };

  const barArb = fc
    .tuple(
      fc.integer({ min: 1, max: MAX_TICKS }),
      fc.integer({ min: 1, max: MAX_TICKS }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.double({ min: 0, max: 1, noNaN: true }),
      fc.integer({ min: 0, max: 1e15 }),
      fc.integer({ min: 1, max: 5000 }),
    )
    .map(([a, b, o, c, volume, gap]) => {
      const low = Math.min(a, b);
      const high = Math.max(a, b);
      const inRange = (f: number) => low + Math.floor(f * (high - low));
      return { low, high, open: inRange(o), close: inRange(c), volume, gap };
    });

  it('round-trips any valid ascending bar list formatted as CSV', () => {
    fc.assert(
      fc.property(
        fc.record({
          daily: fc.boolean(),
          // 1900-01-01 .. about 2100: four-digit years whatever the gaps add up to.
          startDay: fc.integer({ min: -25_567, max: 47_000 }),
          withVolume: fc.boolean(),
          crlf: fc.boolean(),
          trailingNewline: fc.boolean(),
          timeStyle: fc.constantFrom('space', 'spaceSeconds', 'T', 'TSeconds', 'TZ', 'TSecondsZ'),
          priceStyle: fc.constantFrom('formatPrice', 'four', 'padded'),
          bars: fc.array(barArb, { minLength: 1, maxLength: 40 }),
        }),
        (c) => {
          const unit = c.daily ? DAY : 60_000;
          let t = c.startDay * DAY;
          const expected: ParsedBar[] = c.bars.map((b, index) => {
            if (index > 0) t += b.gap * unit;
            return { t, open: b.open, high: b.high, low: b.low, close: b.close, volume: c.withVolume ? b.volume : 0 };
          });
          const price = (ticks: number) =>
            c.priceStyle === 'formatPrice'
              ? formatPrice(ticks)
              : c.priceStyle === 'four'
                ? plainPrice(ticks, 4)
                : `${plainPrice(ticks, 4)}00`;
          const stamp = (ms: number) => {
            const iso = new Date(ms).toISOString(); // YYYY-MM-DDTHH:MM:SS.sssZ
            if (c.daily) return iso.slice(0, 10);
            const date = iso.slice(0, 10);
            const hm = iso.slice(11, 16);
            switch (c.timeStyle) {
              case 'space':
                return `${date} ${hm}`;
              case 'spaceSeconds':
                return `${date} ${hm}:00`;
              case 'T':
                return `${date}T${hm}`;
              case 'TSeconds':
                return `${date}T${hm}:00`;
              case 'TZ':
                return `${date}T${hm}Z`;
              case 'TSecondsZ':
                return `${date}T${hm}:00Z`;
            }
          };
          const lines = [
            c.withVolume ? `${HEADER},volume` : HEADER,
            ...expected.map((bar) =>
              [stamp(bar.t), price(bar.open), price(bar.high), price(bar.low), price(bar.close)]
                .concat(c.withVolume ? [String(bar.volume)] : [])
                .join(','),
            ),
          ];
          const eol = c.crlf ? '\r\n' : '\n';
          const result = parseOhlcvCsv(lines.join(eol) + (c.trailingNewline ? eol : ''));
          expect(result.problems).toEqual([]);
          expect(result.ok).toBe(true);
          expect(result.interval).toBe(c.daily ? '1d' : '1m');
          expect(result.rowsTotal).toBe(expected.length);
          expect(result.bars).toEqual(expected);
        },
      ),
      { numRuns: 300 },
    );
  });

  it('parses 40,000 intraday rows with volume, in time linear in the rows', () => {
    const start = Date.UTC(2024, 0, 1);
    const csv = (count: number) => {
      const rows = [`${HEADER},volume`];
      for (let i = 0; i < count; i++) {
        const stamp = new Date(start + i * 60_000).toISOString().slice(0, 16).replace('T', ' ');
        rows.push(`${stamp},123.45,124.0001,122.9,123.5,${i * 7}`);
      }
      return rows.join('\r\n');
    };
    const small = csv(4_000);
    const large = csv(40_000);
    // The best of two runs each (after a warm-up for the JIT): a wall-clock bound would fail on a
    // loaded CI machine, a ratio does not — 10 times the rows take about 10 times as long in a linear
    // parser and 100 times in a quadratic one.
    const fastest = (text: string) => {
      let best = Number.POSITIVE_INFINITY;
      for (let run = 0; run < 3; run++) {
        const began = performance.now();
        parseOhlcvCsv(text);
        if (run > 0) best = Math.min(best, performance.now() - began);
      }
      return best;
    };
    const result = parseOhlcvCsv(large);
    expect(result.ok).toBe(true);
    expect(result.bars).toHaveLength(40_000);
    expect(result.bars[39_999]).toMatchObject({ volume: 39_999 * 7 });
    expect(fastest(large) / fastest(small)).toBeLessThan(30);
  });

  it('stays linear on hostile input: a huge quoted field and very long lines', () => {
    const longField = '"'.padEnd(200_000, ',');
    const longLine = `2024-01-02,${'9'.repeat(200_000)},1,1,1`;
    const began = performance.now();
    const result = parseOhlcvCsv(`${HEADER}\n2024-01-01,${longField},1,1,1\n${longLine}\n`);
    expect(performance.now() - began).toBeLessThan(1000);
    expect(result.problems.map((p) => p.code)).toEqual(['columns', 'price']);
    // Offending values are shortened in details.
    expect(result.problems.every((p) => p.detail.length < 200)).toBe(true);
  });
});
