import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useSessionStore } from '../../../lib/session-store';
import { Page } from '../../../ui/page';

/** The steps of getting started, in the order an investor takes them, each with the screen it happens on. */
const STEPS = [
  { key: 'kyc', href: paths.realNameAuthentication.getHref() },
  { key: 'password', href: paths.payPassword.getHref() },
  { key: 'card', href: paths.bindCard.getHref() },
  { key: 'deposit', href: paths.bankIn.getHref() },
  { key: 'trade', href: paths.market.getHref() },
  { key: 'newShares', href: paths.newShares.getHref() },
  { key: 'fund', href: paths.fund.getHref() },
] as const;

/**
 * /anleitung: a guide to getting started, open without login. Each step is a short explanation
 * and a link to its screen; logged out, those screens lead to the login first (the guard's rule).
 */
export function GuideRoute() {
  const { t } = useTranslation();
  const loggedIn = useSessionStore((state) => state.token !== null);
  return (
    <Page title={t('guide.title')}>
      <p className="page-caption">{t('guide.intro')}</p>
      {!loggedIn && <p className="page-caption">{t('guide.loggedOut')}</p>}
      <ol className="guide-steps">
        {STEPS.map((step, index) => (
          <li key={step.key} className="guide-step">
            <h2 className="guide-step-title">
              <span className="guide-step-number" aria-hidden="true">
                {index + 1}
              </span>
              {t(`guide.${step.key}Title`)}
            </h2>
            <p>{t(`guide.${step.key}Text`)}</p>
            <Link to={step.href} aria-label={`${t('guide.open')}: ${t(`guide.${step.key}Title`)}`}>
              {t('guide.open')}
            </Link>
          </li>
        ))}
      </ol>
    </Page>
  );
}
