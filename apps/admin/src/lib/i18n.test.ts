import { describe, expect, it } from 'vitest';
import { de } from '@bourse/shared/i18n/de';
import { fr } from '@bourse/shared/i18n/fr';
import { LANGUAGES } from '@bourse/shared/languages';
import { changeLanguage, i18n, LANGUAGE_STORAGE_KEY } from './i18n.ts';

describe('console catalogs', () => {
  it('starts with the language in use only and loads another when the operator switches to it', async () => {
    // The setup started the console as main.tsx does: German, nothing stored on this device.
    expect(i18n.language).toBe('de');
    const loaded = () => LANGUAGES.filter((language) => i18n.hasResourceBundle(language, 'translation'));
    expect(loaded()).toEqual(['de']);
    expect(i18n.t('language.title')).toBe(de.language.title);

    await changeLanguage('fr');
    expect(loaded()).toEqual(['de', 'fr']);
    expect(i18n.t('language.title')).toBe(fr.language.title);
    expect(document.documentElement.lang).toBe('fr');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('fr');
  });
});
