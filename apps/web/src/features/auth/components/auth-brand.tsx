import { useTranslation } from 'react-i18next';

/** The brand block at the top of the login and register screens. */
export function AuthBrand({ subtitle }: { subtitle: string }) {
  const { t } = useTranslation();
  return (
    <div className="auth-brand">
      <img className="auth-brand-logo" src="./icons/icon-192.png" alt="" width={56} height={56} />
      <div>
        <p className="auth-brand-name">{t('app.name')}</p>
        <p className="auth-brand-subtitle">{subtitle}</p>
      </div>
    </div>
  );
}
