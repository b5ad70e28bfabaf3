import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { Page } from '../../../ui/page';
import { FundLogList, periodOf } from '../components/fund-log-list';

/**
 * /trade/history (the fund's history) and /ucenter/moneyLog (the personal centre's money log): every
 * purchase, redemption, confirmation, payout and day's earnings, by period (`?period=`).
 */
export function FundLogRoute({ variant }: { variant: 'history' | 'moneyLog' }) {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const period = periodOf(searchParams.get('period'));
  return (
    <Page title={t(variant === 'history' ? 'fund.logTitle' : 'fund.moneyLogTitle')}>
      <div className="fund-content">
        <FundLogList period={period} onPeriod={(next) => setSearchParams({ period: next }, { replace: true })} />
      </div>
    </Page>
  );
}
