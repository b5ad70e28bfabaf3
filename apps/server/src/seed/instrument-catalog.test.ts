import { LANGUAGES } from '@bourse/shared/languages';
import { describe, expect, it } from 'vitest';
import { INSTRUMENT_CATALOG, SECTORS } from './instrument-catalog.ts';
import { pinyinOf } from '../domains/market/pinyin.ts';

const CODE = /^[A-Z0-9][A-Z0-9.-]{0,11}$/;
const PRICE = /^(0|[1-9]\d{0,7})(\.\d{1,4})?$/;
const RATIO = /^(0|[1-9]\d*)(\.\d{1,2})?$/;

describe('instrument catalog', () => {
  it('has about sixty instruments with unique, well-formed codes', () => {
    expect(INSTRUMENT_CATALOG.length).toBeGreaterThanOrEqual(55);
    const codes = INSTRUMENT_CATALOG.map((i) => i.code);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(CODE);
  });

  it('gives every instrument a positive start price with at most 4 decimals', () => {
    for (const i of INSTRUMENT_CATALOG) {
      expect(i.startPrice, i.code).toMatch(PRICE);
      expect(Number(i.startPrice), i.code).toBeGreaterThan(0);
    }
  });

  it('uses only the known sectors, boards and lot sizes', () => {
    for (const i of INSTRUMENT_CATALOG) {
      expect(SECTORS, i.code).toContain(i.sector);
      expect(['main', 'growth', 'index'], i.code).toContain(i.board);
      expect([1, 10, 100, 500], i.code).toContain(i.lotSize);
    }
  });

  it('has plausible simulator parameters and fundamentals', () => {
    for (const i of INSTRUMENT_CATALOG) {
      expect(Number.isInteger(i.driftBp), i.code).toBe(true);
      expect(i.driftBp, i.code).toBeGreaterThanOrEqual(-1500);
      expect(i.driftBp, i.code).toBeLessThanOrEqual(1500);
      expect(i.volatilityBp, i.code).toBeGreaterThanOrEqual(1000);
      expect(i.volatilityBp, i.code).toBeLessThanOrEqual(6000);
      expect(Number.isSafeInteger(i.sharesOutstanding), i.code).toBe(true);
      for (const ratio of [i.pe, i.industryPe]) if (ratio !== null) expect(ratio, i.code).toMatch(RATIO);
    }
  });

  it('keeps indices apart: own sector and board, lot of 1, no shares or P/E', () => {
    const indices = INSTRUMENT_CATALOG.filter((i) => i.board === 'index');
    expect(indices.length).toBeGreaterThanOrEqual(3);
    for (const i of INSTRUMENT_CATALOG) expect(i.sector === 'index', i.code).toBe(i.board === 'index');
    for (const i of indices) {
      expect(i.lotSize, i.code).toBe(1);
      expect(i.sharesOutstanding, i.code).toBe(0);
      expect(i.pe, i.code).toBeNull();
      expect(i.industryPe, i.code).toBeNull();
    }
    for (const i of INSTRUMENT_CATALOG.filter((i) => i.board !== 'index'))
      expect(i.sharesOutstanding).toBeGreaterThan(0);
  });

  it('has exactly one suspended instrument and one or two new issues', () => {
    expect(INSTRUMENT_CATALOG.filter((i) => i.status === 'suspended')).toHaveLength(1);
    const ipos = INSTRUMENT_CATALOG.filter((i) => i.status === 'ipo').length;
    expect(ipos).toBeGreaterThanOrEqual(1);
    expect(ipos).toBeLessThanOrEqual(2);
  });

  it('has at least 15 Chinese names, each with a traditional form and a pinyin search key', () => {
    const chinese = INSTRUMENT_CATALOG.filter((i) => i.names['zh-CN'] !== undefined);
    expect(chinese.length).toBeGreaterThanOrEqual(15);
    for (const i of chinese) {
      expect(i.names['zh-TW'], i.code).toBeDefined();
      expect(pinyinOf(i.names['zh-CN']!), i.code).not.toBeNull();
    }
  });

  it('names each translation by an interface language', () => {
    for (const i of INSTRUMENT_CATALOG)
      for (const lang of Object.keys(i.names)) expect(LANGUAGES, i.code).toContain(lang);
  });
});
