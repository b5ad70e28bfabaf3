import type { KycStatus } from '@bourse/shared/schemas/auth';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { KycStatusTag } from '../../../ui/kyc-status-tag';

const BODY = {
  none: 'wallet.bind.kycNone',
  in_review: 'wallet.bind.kycInReview',
  resubmit: 'wallet.bind.kycResubmit',
} as const;

/**
 * Why a card cannot be bound yet: the holder must be the verified person, so the identity has to be
 * approved first. Links to the verification screen.
 */
export function KycRequiredNotice({ status }: { status: Exclude<KycStatus, 'approved'> }) {
  const { t } = useTranslation();
  return (
    <section className="notice-card kyc-required" aria-labelledby="kyc-required-title">
      <h2 id="kyc-required-title" className="card-title">
        {t('wallet.bind.kycRequiredTitle')}
      </h2>
      <p>
        <KycStatusTag status={status} />
      </p>
      <p>{t(BODY[status])}</p>
      <Link className="button-link" to={paths.realNameAuthentication.getHref()}>
        {status === 'in_review' ? t('wallet.bind.kycView') : t('wallet.bind.kycVerify')}
      </Link>
    </section>
  );
}
