import { describe, expect, it } from 'vitest';
import { LANGUAGES, resolveLanguage } from './languages.ts';

describe('resolveLanguage', () => {
  it('knows exactly the twelve interface languages, German first', () => {
    expect(LANGUAGES).toEqual(['de', 'en', 'fr', 'it', 'pt', 'ru', 'nl', 'sv', 'el', 'es', 'zh-TW', 'zh-CN']);
  });

  it.each([
    ['fr-CH, fr;q=0.9, en;q=0.8', 'fr'],
    ['ja, sv;q=0.3, ru;q=0.5', 'ru'],
    ['zh-Hant-TW', 'zh-TW'],
    ['zh-HK', 'zh-TW'],
    ['zh', 'zh-CN'],
    ['zh-Hans-CN', 'zh-CN'],
    ['pt-BR', 'pt'],
    ['EL', 'el'],
    ['en;q=0', undefined],
    ['klingon', undefined],
  ])('%s → %s', (header, expected) => {
    expect(resolveLanguage(header)).toBe(expected);
  });

  it('takes the first candidate that resolves', () => {
    expect(resolveLanguage(undefined, 'xx', 'nl, de')).toBe('nl');
    expect(resolveLanguage('es', 'de')).toBe('es');
  });
});
