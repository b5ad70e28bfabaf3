import { describe, expect, it, vi } from 'vitest';

// Its own file: the test re-imports the i18n module fresh, which would leave later tests in a file
// with an instance the test setup did not preload.
describe('catalogs loaded on demand', () => {
  it('holds no catalog until a language is loaded, then exactly that one', async () => {
    // A fresh copy of the module, as on a page load (the test setup preloads every catalog).
    vi.resetModules();
    const fresh = await import('./i18n');
    expect(fresh.isLanguageLoaded('fr')).toBe(false);
    expect(() => fresh.applyLanguage('fr')).toThrow(/not loaded/);

    await fresh.loadLanguage('fr');

    expect(fresh.isLanguageLoaded('fr')).toBe(true);
    expect(fresh.isLanguageLoaded('de')).toBe(false);
    fresh.applyLanguage('fr');
    expect(fresh.i18n.t('common.cancel')).toBe((await import('@bourse/shared/i18n/fr')).fr.common.cancel);
  });
});
