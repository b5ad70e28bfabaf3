import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES, LANGUAGE_NAMES, type Language } from '@bourse/shared/languages';
import { changeLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { showToast } from '../../../lib/toast';
import { CheckIcon } from '../../../ui/icons';
import { Page } from '../../../ui/page';

/** The language choice: the twelve languages, each named in itself; reachable before login. */
export function LanguageRoute() {
  const { t } = useTranslation();
  const current = useSessionStore((state) => state.language);
  // The choice shows at once while its catalog loads (one chunk per language); back if it fails.
  const [pending, setPending] = useState<Language | null>(null);
  const selected = pending ?? current;

  const choose = (lang: Language) => {
    if (lang === selected) return;
    setPending(lang);
    // The chosen catalog is fetched first; the toast speaks the new language.
    changeLanguage(lang).then(
      () => {
        setPending((now) => (now === lang ? null : now));
        showToast(t('language.changed', { lng: lang }));
      },
      () => {
        setPending((now) => (now === lang ? null : now));
        showToast(t('common.networkError'));
      },
    );
  };

  return (
    <Page title={t('language.title')}>
      <p className="page-caption">
        {t('language.current')}: <span lang={current}>{LANGUAGE_NAMES[current]}</span>
      </p>
      <fieldset className="choice-list" aria-busy={pending !== null}>
        <legend className="visually-hidden">{t('language.title')}</legend>
        {LANGUAGES.map((lang) => {
          const checked = lang === selected;
          return (
            <label key={lang} className={checked ? 'choice-list-item choice-list-item-checked' : 'choice-list-item'}>
              <input
                className="choice-list-input"
                type="radio"
                name="language"
                value={lang}
                checked={checked}
                onChange={() => choose(lang)}
              />
              <span className="choice-list-label" lang={lang}>
                {LANGUAGE_NAMES[lang]}
              </span>
              {checked && <CheckIcon />}
            </label>
          );
        })}
      </fieldset>
    </Page>
  );
}
