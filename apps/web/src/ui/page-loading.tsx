import { useTranslation } from 'react-i18next';

/**
 * The spinner's ring: an SVG rather than a CSS border, so the browser counts it as content (first
 * contentful paint) as soon as it shows. index.html's #root holds the same markup (without the
 * translated text, which needs the catalog), so the loading state shows before any JavaScript has run
 * and React's first render looks the same (page-loading.test.tsx keeps the two equal).
 */
function SpinnerRing() {
  return (
    <svg className="page-loading-ring" viewBox="0 0 32 32" width="32" height="32" focusable="false">
      <circle cx="16" cy="16" r="14.5" />
    </svg>
  );
}

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
      <span className="page-loading-spinner" aria-hidden="true">
        <SpinnerRing />
      </span>
      <span className="visually-hidden">{t('common.loading')}</span>
    </div>
  );
}
