import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';

/** Any address the app does not know. */
export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <Page title={t('common.notFound')}>
      <div className="notice-card">
        <p>{t('common.notFound')}</p>
        <Link className="button-link" to={paths.root.getHref()}>
          {t('common.goHome')}
        </Link>
      </div>
    </Page>
  );
}
