import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../lib/request.ts';

/** A failed load shown in place: the server's message (already localized) and a retry. */
export function QueryErrorAlert({ error, onRetry }: { error: Error; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="error"
      showIcon
      className="section-error"
      title={error instanceof ApiError ? error.msg : t('errors.INTERNAL')}
      action={
        <Button size="small" onClick={onRetry}>
          {t('common.retry')}
        </Button>
      }
    />
  );
}
