import { SpinLoading } from 'antd-mobile';
import { useTranslation } from 'react-i18next';

/** Loading state while a screen's code or data arrives; `inline` for one block within a screen. */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'page-loading page-loading-inline' : 'page-loading'} role="status">
      <SpinLoading color="primary" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
