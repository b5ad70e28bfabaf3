import { useTranslation } from 'react-i18next';
import { DEFAULT_LANGUAGE, LANGUAGES, LANGUAGE_NAMES, isLanguage } from '@bourse/shared/languages';
import { changeLanguage } from '../lib/i18n.ts';

/**
 * The console's language, listed by endonym; the choice is remembered on this device. A native
 * select: twelve fixed options need no search, and the browser's own list is fully keyboard and
 * screen-reader accessible (antd's listbox popup is not labelled).
 */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const value = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <select
      className="language-select"
      aria-label={t('language.title')}
      value={value}
      onChange={(event) => {
        if (isLanguage(event.target.value)) void changeLanguage(event.target.value);
      }}
    >
      {LANGUAGES.map((language) => (
        // Each name is written in its own language, so screen readers need its language to pronounce it.
        <option key={language} value={language} lang={language}>
          {LANGUAGE_NAMES[language]}
        </option>
      ))}
    </select>
  );
}
