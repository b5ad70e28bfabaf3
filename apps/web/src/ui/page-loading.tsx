import { useTranslation } from 'react-i18next';

/**
 * Loading state while a screen's code or data arrives; `inline` for one block within a screen. A CSS
 * spinner rather than antd-mobile's SpinLoading, whose animation library the first screen does not load.
 */
export function PageLoading({ inline = false }: { inline?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={inline ? 'page-loading page-loading-inline' : 'page-loading'} role="status">
      <span className="page-loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
