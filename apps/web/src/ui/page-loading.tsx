import { useTranslation } from 'react-i18next';

/**
 * Loading state while a screen's code or data arrives; `inline` for one block within a screen. A CSS
 * spinner rather than antd-mobile's SpinLoading, whose animation library the first screen does not load.
 * `className` gives a placeholder the height of what it stands for, so nothing below jumps when that
 * arrives (app/theme.css, "Placeholders").
 */
export function PageLoading({ inline = false, className }: { inline?: boolean; className?: string }) {
  const { t } = useTranslation();
  return (
    <div
      className={['page-loading', inline && 'page-loading-inline', className].filter(Boolean).join(' ')}
      role="status"
    >
      <span className="page-loading-spinner" aria-hidden="true" />
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
