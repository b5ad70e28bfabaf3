import { describe, expect, it, vi } from 'vitest';

// Its own file, as i18n-loading.test.ts: the test re-imports the i18n module fresh.
describe('the first screen’s catalog sections', () => {
  it('are enough for the login; the whole catalog then adds the rest over them', async () => {
    vi.resetModules();
    const fresh = await import('./i18n');
    const { de } = await import('@bourse/shared/i18n/de');

    await fresh.loadFirstScreenLanguage('de');
    fresh.applyLanguage('de');

    expect(fresh.i18n.t('auth.loginTitle')).toBe(de.auth.loginTitle);
    expect(fresh.i18n.t('common.loading')).toBe(de.common.loading);
    expect(fresh.i18n.exists('tabs.home')).toBe(false);
    expect(fresh.isLanguageLoaded('de')).toBe(false);

    await fresh.loadLanguage('de');

    expect(fresh.isLanguageLoaded('de')).toBe(true);
    expect(fresh.i18n.t('tabs.home')).toBe(de.tabs.home);
    expect(fresh.i18n.t('auth.loginTitle')).toBe(de.auth.loginTitle);
    // The catalog is added as it is, neither copied nor merged into the sections key by key (a long task
    // on a data screen's first load): its sections are the module's own objects.
    const added = fresh.i18n.getResourceBundle('de', 'translation') as typeof de;
    expect(added.tabs).toBe(de.tabs);
    expect(added.auth).toBe(de.auth);
    // Already complete: the sections are not loaded over the whole catalog again.
    await fresh.loadFirstScreenLanguage('de');
    expect(fresh.i18n.t('errors.INVALID_CREDENTIALS')).toBe(de.errors.INVALID_CREDENTIALS);
  });
});
