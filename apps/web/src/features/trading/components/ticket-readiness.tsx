import type { KycStatus } from '@bourse/shared/schemas/auth';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';

/** The cash an order needs against the cash available, as formatted for display. */
export interface CashShortfall {
  available: string;
  total: string;
  /** Nothing available at all: the account was never funded, or everything is committed. */
  none: boolean;
}

export interface TicketReadinessProps {
  kycStatus: KycStatus;
  hasTradingPassword: boolean;
  /** A purchase the available cash does not cover; null when it does or nothing is known yet. */
  cash: CashShortfall | null;
}

/**
 * What the investor still lacks before an order can go through — identity, trading password, cash —
 * each with a link to the screen where it is done. Nothing when everything is in place.
 */
export function TicketReadiness({ kycStatus, hasTradingPassword, cash }: TicketReadinessProps) {
  const { t } = useTranslation();
  const titleId = useId();
  const identityMissing = kycStatus !== 'approved';
  if (!identityMissing && hasTradingPassword && !cash) return null;

  return (
    <section className="notice-card trade-readiness" aria-labelledby={titleId}>
      <h2 id={titleId} className="trade-readiness-title">
        {t('trading.ticket.missing.title')}
      </h2>
      <ul className="trade-readiness-list">
        {kycStatus !== 'approved' && (
          <li className="trade-readiness-item" data-missing="identity">
            <p>{t(`trading.ticket.missing.identity.${kycStatus}`)}</p>
            <Link className="button-link" to={paths.realNameAuthentication.getHref()}>
              {t(`trading.ticket.missing.identityLink.${kycStatus}`)}
            </Link>
          </li>
        )}
        {!hasTradingPassword && (
          <li className="trade-readiness-item" data-missing="tradingPassword">
            <p>{t('trading.ticket.noTradingPassword')}</p>
            <Link className="button-link" to={paths.payPassword.getHref()}>
              {t('wallet.withdraw.setTradingPassword')}
            </Link>
          </li>
        )}
        {cash && (
          <li className="trade-readiness-item" data-missing="deposit">
            <p>
              {cash.none
                ? t('trading.ticket.missing.noCash')
                : t('trading.ticket.missing.cashShort', { available: cash.available, total: cash.total })}
            </p>
            <Link className="button-link" to={paths.fastPayment.getHref()}>
              {t('trading.ticket.missing.deposit')}
            </Link>
          </li>
        )}
      </ul>
    </section>
  );
}
