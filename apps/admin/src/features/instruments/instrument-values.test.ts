import { describe, expect, it } from 'vitest';
import {
  isLotSize,
  isPositivePrice,
  isRatio,
  isShareCount,
  nameRowsOf,
  namesOf,
  sameNames,
} from './instrument-values.ts';

describe('instrument field values', () => {
  it('accepts lot sizes from 1 to 1,000,000 written as digits only', () => {
    for (const ok of ['1', '100', '1000000']) expect(isLotSize(ok), ok).toBe(true);
    for (const bad of ['0', '01', '1.5', '-1', '1000001', '1e3', ' 1', '']) expect(isLotSize(bad), bad).toBe(false);
  });

  it('accepts share counts up to 10^15', () => {
    for (const ok of ['0', '1228000000', '1000000000000000']) expect(isShareCount(ok), ok).toBe(true);
    for (const bad of ['1000000000000001', '1,000', '1.0', '-5', '']) expect(isShareCount(bad), bad).toBe(false);
  });

  it('accepts ratios with up to 2 decimals and prices above zero with up to 4', () => {
    for (const ok of ['23.45', '-3.1', '0']) expect(isRatio(ok), ok).toBe(true);
    for (const bad of ['23.456', '1,5', '', 'abc']) expect(isRatio(bad), bad).toBe(false);
    for (const ok of ['0.0001', '12.5', '182.50']) expect(isPositivePrice(ok), ok).toBe(true);
    for (const bad of ['0', '0.0000', '1.23456', '-1', '012']) expect(isPositivePrice(bad), bad).toBe(false);
  });

  it('turns the names editor rows into a map and back, skipping blank rows', () => {
    const names = namesOf([{ language: 'zh-CN', name: ' 贵州茅台 ' }, { language: 'en', name: '' }, { name: 'x' }]);
    expect(names).toEqual({ 'zh-CN': '贵州茅台' });
    expect(nameRowsOf({ 'zh-CN': '贵州茅台', de: 'Moutai' }, ['de', 'en', 'zh-CN'])).toEqual([
      { language: 'de', name: 'Moutai' },
      { language: 'zh-CN', name: '贵州茅台' },
    ]);
    expect(sameNames({ a: '1', b: '2' }, { b: '2', a: '1' })).toBe(true);
    expect(sameNames({ a: '1' }, { a: '1', b: '2' })).toBe(false);
  });
});
