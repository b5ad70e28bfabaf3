import { Button } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Shown in place of content whose data could not be loaded, with a way to try again. */
export function QueryError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="query-error" role="alert">
      <p>{t('common.networkError')}</p>
      <Button size="small" color="primary" fill="outline" onClick={onRetry}>
        {t('common.retry')}
      </Button>
    </div>
  );
}
