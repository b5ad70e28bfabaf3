import { useTranslation } from 'react-i18next';
import { useAuthenticationDetail } from '../../../lib/api/get-authentication-detail';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { BindCardForm } from '../components/bind-card-form';
import { KycRequiredNotice } from '../components/kyc-required-notice';

/**
 * /ucenter/bank: bind a bank account. Only a verified investor can, and only an account in their
 * own name, so the screen first checks the identity verification.
 */
export function BindCardRoute() {
  const { t } = useTranslation();
  const detail = useAuthenticationDetail();
  const data = detail.data;

  return (
    <Page title={t('wallet.bind.title')}>
      {data ? (
        data.status === 'approved' ? (
          <BindCardForm realName={data.realName} onKycRequired={() => void detail.refetch()} />
        ) : (
          <KycRequiredNotice status={data.status} />
        )
      ) : detail.isError ? (
        <div className="wallet-content">
          <QueryError onRetry={() => void detail.refetch()} />
        </div>
      ) : (
        <PageLoading />
      )}
    </Page>
  );
}
