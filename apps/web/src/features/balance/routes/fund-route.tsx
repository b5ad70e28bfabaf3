import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { StatList } from '../../../ui/stat-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useFund } from '../api/get-fund';

/**
 * /trade/money: the balance fund — its balance, yesterday's and total earnings, the rate, purchases
 * and redemptions still pending with their confirmation dates, and the ways to buy and redeem.
 */
export function FundRoute() {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const fund = useFund();
  let content;
  if (!fund.data) {
    content = fund.isError ? <QueryError onRetry={() => void fund.refetch()} /> : <PageLoading />;
  } else {
    const data = fund.data;
    content = (
      <RefreshList onRefresh={() => fund.refetch()}>
        <section className="fund-card" aria-label={t('fund.balance')}>
          <p className="fund-card-label">{t('fund.balance')}</p>
          <p className="fund-card-balance">{format.money(data.fund)}</p>
          <StatList
            layout="grid"
            items={[
              { key: 'yesterday', label: t('fund.yesterdayEarnings'), value: format.money(data.yesterdayEarnings) },
              { key: 'total', label: t('fund.totalEarnings'), value: format.money(data.totalEarnings) },
              { key: 'rate', label: t('fund.rate'), value: t('fund.ratePct', { rate: data.rate }) },
            ]}
          />
          <div className="fund-actions">
            <Link className="button-link" to={paths.fundPayment.getHref('purchase')}>
              {t('fund.buy')}
            </Link>
            <Link className="button-link button-link-outline" to={paths.fundPayment.getHref('redeem')}>
              {t('fund.redeem')}
            </Link>
          </div>
        </section>
        <section className="fund-pending" aria-labelledby="fund-pending-title">
          <h2 id="fund-pending-title" className="section-title">
            {t('fund.pendingTitle')}
          </h2>
          <StatList
            items={[
              { key: 'fundPending', label: t('fund.fundPending'), value: format.money(data.fundPending) },
              { key: 'redeemPending', label: t('fund.redeemPending'), value: format.money(data.redeemPending) },
            ]}
          />
          {data.pending.length === 0 ? (
            <p className="fund-empty">{t('fund.noPending')}</p>
          ) : (
            <ul className="fund-log" aria-label={t('fund.pendingTitle')}>
              {data.pending.map((order) => (
                <li key={order.id} className="fund-log-item">
                  <div className="fund-log-main">
                    <span className="fund-log-type">{t(`fund.types.${order.kind}`)}</span>
                    <span className="fund-log-amount">{format.money(order.amount)}</span>
                  </div>
                  <div className="fund-log-meta">
                    <span>
                      {t(order.kind === 'purchase' ? 'fund.confirmOn' : 'fund.paidOn', { date: order.confirmDate })}
                    </span>
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </RefreshList>
    );
  }
  return (
    <Page
      title={t('fund.title')}
      right={
        <Link className="nav-bar-link" to={paths.fundHistory.getHref()}>
          {t('fund.history')}
        </Link>
      }
    >
      <div className="fund-content">{content}</div>
    </Page>
  );
}
