import { afterEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGES, type Language } from '../languages.ts';
import { en } from './en.ts';
import { catalogs, flattenCatalog, translate, type Catalog, type MessageKey } from './index.ts';

/** Share of values a translated catalog may leave identical to English (brand name, "OK", …). */
const MAX_IDENTICAL_RATIO = 0.05;

/** Same syntax as `interpolate()` in index.ts. */
const PLACEHOLDER = /\{\{\s*(\w+)\s*\}\}/g;

/** The reference comes from en.ts itself, not from the `catalogs` map under test. */
const reference = flattenCatalog(en);
const referenceKeys = Object.keys(reference);
const translated = LANGUAGES.filter((lang): lang is Exclude<Language, 'en'> => lang !== 'en');

/** Keys of `reference` absent from `candidate`, and keys of `candidate` absent from `reference`. */
function diffKeys(referenceFlat: Record<string, string>, candidateFlat: Record<string, string>) {
  const candidate = new Set(Object.keys(candidateFlat));
  const expected = new Set(Object.keys(referenceFlat));
  return {
    missing: [...expected].filter((key) => !candidate.has(key)),
    extra: [...candidate].filter((key) => !expected.has(key)),
  };
}

/**
 * Every leaf of a catalog with its raw value. Unlike `flattenCatalog`, this does not silently drop
 * numbers, null, arrays or other non-string leaves, so they can be reported.
 */
function leaves(node: unknown, prefix = ''): Array<[string, unknown]> {
  if (node !== null && typeof node === 'object' && !Array.isArray(node)) {
    const entries = Object.entries(node);
    if (entries.length === 0) return [[prefix, node]];
    return entries.flatMap(([key, value]) => leaves(value, prefix ? `${prefix}.${key}` : key));
  }
  return [[prefix, node]];
}

/** Leaves whose value is not a non-blank string. */
function badValues(catalog: object): string[] {
  return leaves(catalog)
    .filter(([, value]) => typeof value !== 'string' || value.trim() === '')
    .map(([key, value]) => `${key} = ${JSON.stringify(value)}`);
}

/** Keys whose value is exactly the English value. */
function identicalToReference(candidateFlat: Record<string, string>): string[] {
  return referenceKeys.filter((key) => candidateFlat[key] === reference[key]);
}

function placeholders(value: string): string[] {
  return [...new Set([...value.matchAll(PLACEHOLDER)].map((match) => match[1] as string))].sort();
}

/** Keys whose placeholder names differ from English, or that contain broken `{{ }}` syntax. */
function placeholderMismatches(candidateFlat: Record<string, string>): string[] {
  const problems: string[] = [];
  for (const key of referenceKeys) {
    const value = candidateFlat[key];
    if (typeof value !== 'string') continue; // reported by the key-set test
    const want = placeholders(reference[key] as string);
    const got = placeholders(value);
    if (want.join(',') !== got.join(',')) {
      problems.push(`${key}: expected {{${want.join('}}, {{')}}} but found {{${got.join('}}, {{')}}}`);
    }
    const leftover = value.replace(PLACEHOLDER, '');
    if (leftover.includes('{{') || leftover.includes('}}'))
      problems.push(`${key}: malformed placeholder in "${value}"`);
  }
  return problems;
}

describe('catalog checks themselves', () => {
  // Guards against the checks below passing vacuously.
  it('the English reference is non-trivial', () => {
    expect(referenceKeys.length).toBeGreaterThan(50);
    expect(referenceKeys).toContain('auth.validation.passwordWeak');
    expect(catalogs.en).toBe(en);
  });

  it('detect a missing and an extra key', () => {
    const doctored: Record<string, string> = { ...reference, 'auth.bogusKey': 'x' };
    delete doctored['auth.login'];
    expect(diffKeys(reference, doctored)).toEqual({ missing: ['auth.login'], extra: ['auth.bogusKey'] });
  });

  it('detect empty and non-string values', () => {
    const doctored = { a: { b: '', c: 'ok', d: 3, e: { f: null }, g: [] }, h: '  ' };
    expect(badValues(doctored)).toEqual(['a.b = ""', 'a.d = 3', 'a.e.f = null', 'a.g = []', 'h = "  "']);
  });

  it('detect values left in English', () => {
    expect(identicalToReference(reference)).toHaveLength(referenceKeys.length);
    expect(identicalToReference({ ...reference, 'common.cancel': 'Abbrechen' })).not.toContain('common.cancel');
  });

  it('detect renamed, dropped, added and malformed placeholders', () => {
    const doctored = {
      ...reference,
      'home.greeting': 'Hallo, {{nombre}}',
      'auth.resendIn': 'Erneut senden',
      'admin.signedInAs': 'Angemeldet als {{username}} ({{role}})',
      'errors.ACCOUNT_LOCKED': 'Gesperrt für {{minutes} Minuten',
    };
    const problems = placeholderMismatches(doctored);
    for (const key of ['home.greeting', 'auth.resendIn', 'admin.signedInAs', 'errors.ACCOUNT_LOCKED']) {
      expect(
        problems.some((problem) => problem.startsWith(`${key}:`)),
        key,
      ).toBe(true);
    }
    expect(placeholderMismatches(reference)).toEqual([]);
  });
});

describe('every catalog has only non-empty string values', () => {
  it.each(LANGUAGES)('%s', (lang) => {
    const bad = badValues(catalogs[lang]);
    expect(bad, `${lang} has empty or non-string values:\n  ${bad.join('\n  ')}`).toEqual([]);
  });
});

describe.each(translated)('%s catalog', (lang) => {
  const catalog = catalogs[lang];
  const flat = flattenCatalog(catalog);

  it('is a separate object from English', () => {
    expect(catalog).not.toBe(en);
  });

  it('has exactly the English keys', () => {
    const { missing, extra } = diffKeys(reference, flat);
    expect(missing, `${lang} is missing ${missing.length} key(s):\n  ${missing.join('\n  ')}`).toEqual([]);
    expect(extra, `${lang} has ${extra.length} key(s) not in en.ts:\n  ${extra.join('\n  ')}`).toEqual([]);
  });

  it('lists the keys in the English order', () => {
    expect(Object.keys(flat)).toEqual(referenceKeys);
  });

  it(`leaves at most ${MAX_IDENTICAL_RATIO * 100}% of the values identical to English`, () => {
    const same = identicalToReference(flat);
    const ratio = same.length / referenceKeys.length;
    expect(
      ratio,
      `${lang} leaves ${same.length}/${referenceKeys.length} values in English:\n  ${same
        .map((key) => `${key} = ${JSON.stringify(flat[key])}`)
        .join('\n  ')}`,
    ).toBeLessThanOrEqual(MAX_IDENTICAL_RATIO);
  });

  it('uses the same {{placeholders}} as English', () => {
    const problems = placeholderMismatches(flat);
    expect(problems, `${lang} placeholder problems:\n  ${problems.join('\n  ')}`).toEqual([]);
  });
});

describe('translate()', () => {
  afterEach(() => {
    vi.doUnmock('./de.ts');
    vi.doUnmock('./fr.ts');
    vi.resetModules();
  });

  it('fills placeholders in every language', () => {
    for (const lang of LANGUAGES) {
      const locked = translate(lang, 'errors.ACCOUNT_LOCKED', { minutes: 15 });
      expect(locked, lang).toContain('15');
      expect(locked, lang).not.toMatch(/\{\{|\}\}/);
      const sms = translate(lang, 'notify.resetCodeSms', { code: '482913', minutes: 10 });
      expect(sms, lang).toContain('482913');
      expect(sms, lang).toContain('10');
      expect(sms, lang).not.toMatch(/\{\{|\}\}/);
    }
    expect(translate('en', 'home.greeting', { name: 'Ada' })).toBe('Hello, Ada');
    expect(translate('en', 'auth.resendIn', { seconds: 42 })).toBe('Resend in 42 s');
  });

  it('returns the language’s own text, not the fallback, when the key exists', () => {
    expect(translate('fr', 'common.cancel')).toBe(catalogs.fr.common.cancel);
    expect(translate('zh-TW', 'common.cancel')).toBe(catalogs['zh-TW'].common.cancel);
    expect(translate('fr', 'common.cancel')).not.toBe(translate('de', 'common.cancel'));
    expect(translate('de', 'common.cancel')).not.toBe(translate('en', 'common.cancel'));
  });

  it('leaves unknown or unfilled placeholders visible', () => {
    expect(translate('en', 'home.greeting')).toBe('Hello, {{name}}');
    expect(translate('en', 'home.greeting', {})).toBe('Hello, {{name}}');
    expect(translate('en', 'home.greeting', { other: 'x' })).toBe('Hello, {{name}}');
  });

  it('falls back to German, then English, then the key itself', async () => {
    const { de: realDe } = await vi.importActual<{ de: Catalog }>('./de.ts');
    const { fr: realFr } = await vi.importActual<{ fr: Catalog }>('./fr.ts');
    const clone = (catalog: object) => JSON.parse(JSON.stringify(catalog)) as Record<string, Record<string, string>>;
    const de = clone(realDe);
    const fr = clone(realFr);
    delete fr.auth!.loginTitle; // missing in French only → German
    delete fr.home!.greeting; // missing in French only → German, still interpolated
    delete fr.common!.cancel; // missing in French and German → English
    delete de.common!.cancel;
    vi.doMock('./de.ts', () => ({ de }));
    vi.doMock('./fr.ts', () => ({ fr }));
    vi.resetModules();
    const mocked = await import('./index.ts');

    expect(mocked.translate('fr', 'auth.loginTitle')).toBe(realDe.auth.loginTitle);
    expect(mocked.translate('fr', 'auth.loginTitle')).not.toBe(realFr.auth.loginTitle);
    expect(mocked.translate('fr', 'home.greeting', { name: 'Ada' })).toBe(
      realDe.home.greeting.replace('{{name}}', 'Ada'),
    );
    expect(mocked.translate('fr', 'common.cancel')).toBe(en.common.cancel);
    expect(mocked.translate('de', 'common.cancel')).toBe(en.common.cancel);
    expect(mocked.translate('fr', 'auth.register')).toBe(realFr.auth.register);
    expect(mocked.translate('fr', 'no.such.key' as MessageKey)).toBe('no.such.key');
    expect(mocked.translate('en', 'no.such.key' as MessageKey, { x: 1 })).toBe('no.such.key');
  });
});
