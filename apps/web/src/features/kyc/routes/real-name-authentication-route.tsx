import { useTranslation } from 'react-i18next';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { useAuthenticationDetail } from '../../../lib/api/get-authentication-detail';
import { KycForm } from '../components/kyc-form';
import { KycStatusCard } from '../components/kyc-status-card';

/**
 * Identity verification: where it stands, and the form while a submission is possible (never sent,
 * or sent back by compliance with a reason).
 */
export function RealNameAuthenticationRoute() {
  const { t } = useTranslation();
  const detail = useAuthenticationDetail();
  const data = detail.data;

  return (
    <Page title={t('kyc.title')}>
      {data ? (
        <div className="kyc-content">
          <KycStatusCard detail={data} />
          {(data.status === 'none' || data.status === 'resubmit') && (
            // A new key per submission: a form sent back again starts from that submission.
            <KycForm key={data.submittedAt ?? 'first'} previous={{ realName: data.realName, docType: data.docType }} />
          )}
        </div>
      ) : detail.isError ? (
        <div className="kyc-content">
          <QueryError onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}
