import { useQueryClient } from '@tanstack/react-query';
import { SpinLoading } from 'antd-mobile';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router-dom';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { usePayment } from '../api/get-payment';
import { useFormatAmount } from '../use-format-amount';

function paymentIdOf(raw: string | null): number | null {
  if (!raw || !/^\d{1,15}$/.test(raw)) return null;
  const id = Number(raw);
  return id > 0 ? id : null;
}

/**
 * /fastpayment/result?id=: where the payment provider sends the payer back. Shows the payment's
 * outcome — credited, still being confirmed (asked again every second), or declined — and the way on.
 */
export function PaymentResultRoute() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const id = paymentIdOf(search.get('id'));
  const payment = usePayment(id);
  const format = useFormatAmount();
  const queryClient = useQueryClient();
  const status = payment.data?.status;

  // Credited: the figures shown elsewhere are out of date.
  useEffect(() => {
    if (status === 'succeeded') void queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey });
  }, [status, queryClient]);

  const notFound = id === null || (payment.error instanceof RequestError && payment.error.status === 404);
  let content;
  if (notFound) {
    content = (
      <div className="notice-card" role="alert">
        <p>{t('depositResult.notFound')}</p>
        <Link className="button-link" to={paths.bankRecord.getHref({ direction: 'in' })}>
          {t('depositResult.toRecords')}
        </Link>
      </div>
    );
  } else if (payment.isError) {
    content = <QueryError onRetry={() => void payment.refetch()} />;
  } else if (!payment.data) {
    content = <PageLoading />;
  } else {
    const amount = format(payment.data.amount);
    content = (
      <div
        className={`notice-card payment-result payment-result-${payment.data.status}`}
        data-status={payment.data.status}
      >
        {payment.data.status === 'pending' ? (
          <div role="status" className="payment-result-pending">
            <SpinLoading color="primary" aria-hidden="true" />
            <p>{t('depositResult.pending')}</p>
            <p className="payment-result-hint">{t('depositResult.pendingHint')}</p>
          </div>
        ) : (
          <p role="status">
            {payment.data.status === 'succeeded'
              ? t('depositResult.succeeded', { amount })
              : t('depositResult.failed', { amount })}
          </p>
        )}
        <div className="payment-result-actions">
          {payment.data.status === 'failed' && (
            <Link className="button-link" to={paths.fastPayment.getHref()}>
              {t('depositResult.tryAgain')}
            </Link>
          )}
          <Link className="button-link" to={paths.root.getHref()}>
            {t('depositResult.toHome')}
          </Link>
          <Link to={paths.bankRecord.getHref({ direction: 'in' })}>{t('depositResult.toRecords')}</Link>
        </div>
      </div>
    );
  }

  return (
    <Page title={t('depositResult.title')}>
      <div className="wallet-content">{content}</div>
    </Page>
  );
}
