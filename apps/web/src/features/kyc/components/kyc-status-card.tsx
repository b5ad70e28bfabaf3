import { formatDateTime } from '@bourse/shared/format';
import type { AuthenticationDetail } from '@bourse/shared/schemas/kyc';
import { useTranslation } from 'react-i18next';
import { KycStatusTag } from '../../../ui/kyc-status-tag';
import { StatList, type Stat } from '../../../ui/stat-list';

const STATUS_BODY = {
  none: null,
  in_review: 'kyc.inReviewBody',
  approved: 'kyc.approvedBody',
  resubmit: 'kyc.resubmitBody',
} as const;

/** Where the verification stands, the operator's reason when resubmission is asked, and what was sent. */
export function KycStatusCard({ detail }: { detail: AuthenticationDetail }) {
  const { t } = useTranslation();
  const body = STATUS_BODY[detail.status];
  const sent: Stat[] = [];
  if (detail.realName) sent.push({ key: 'name', label: t('kyc.realName'), value: detail.realName });
  if (detail.idNumberMasked) sent.push({ key: 'number', label: t('kyc.idNumber'), value: detail.idNumberMasked });
  if (detail.docType) sent.push({ key: 'type', label: t('kyc.docType'), value: t(`kyc.docTypes.${detail.docType}`) });
  if (detail.submittedAt) {
    sent.push({
      key: 'submitted',
      label: t('kyc.submittedAt'),
      value: <time dateTime={detail.submittedAt}>{formatDateTime(detail.submittedAt)}</time>,
    });
  }

  return (
    <section className="kyc-status" aria-labelledby="kyc-status-title">
      <div className="kyc-status-head">
        <h2 id="kyc-status-title" className="card-title">
          {t('kyc.statusLabel')}
        </h2>
        <KycStatusTag status={detail.status} />
      </div>
      {body && <p className="kyc-status-body">{t(body)}</p>}
      {detail.status === 'resubmit' && detail.reason && (
        <div className="kyc-reason">
          <p className="kyc-reason-label">{t('kyc.reasonLabel')}</p>
          <p className="kyc-reason-text">{detail.reason}</p>
        </div>
      )}
      {sent.length > 0 && <StatList items={sent} />}
    </section>
  );
}
