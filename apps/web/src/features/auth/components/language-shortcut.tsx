import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { LANGUAGE_NAMES } from '@bourse/shared/languages';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { GlobeIcon } from '../../../ui/icons';

/** The current language's name, linking to the language choice (reachable before login). */
export function LanguageShortcut() {
  const { t } = useTranslation();
  const language = useSessionStore((state) => state.language);
  return (
    <Link
      className="language-shortcut"
      to={paths.settingLanguage.getHref()}
      aria-label={`${t('language.title')}: ${LANGUAGE_NAMES[language]}`}
    >
      <GlobeIcon />
      <span lang={language}>{LANGUAGE_NAMES[language]}</span>
    </Link>
  );
}
