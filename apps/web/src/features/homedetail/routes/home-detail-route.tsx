import { formatMinor, parseAmount } from '@bourse/shared/money';
import type { Assets } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { useAssets } from '../../../lib/api/get-assets';
import { MoneyText } from '../../../ui/money-text';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';

type Figure =
  | 'unsettled'
  | Exclude<keyof Assets, 'creditPoints' | 'level' | 'currency' | 'dayPnl' | 'dayPnlPercent' | 'dayPnlSince'>;

/** The figures in the order they add up: the totals, the cash and what it is made of, holdings, products, debt. */
const FIGURES: readonly Figure[] = [
  'totalAssets',
  'netAssets',
  'cash',
  'available',
  'frozen',
  'unsettled',
  'withdrawable',
  'marketValue',
  'floatingPnl',
  'fund',
  'fundPending',
  'redeemPending',
  'loanOutstanding',
];

/** Sale proceeds not yet settled: the part of available cash that cannot be withdrawn today. */
function unsettledOf(figures: Assets): string {
  const available = parseAmount(figures.available);
  const withdrawable = parseAmount(figures.withdrawable);
  return available === null || withdrawable === null ? '—' : formatMinor(Math.max(0, available - withdrawable));
}

/** /homedetail: the account in full, each figure with a line on what it is (opened from home). */
export function HomeDetailRoute() {
  const { t } = useTranslation();
  const assets = useAssets();
  const figures = assets.data;
  const label = (figure: Figure) =>
    figure === 'unsettled' || figure === 'redeemPending' ? t(`homeDetail.${figure}`) : t(`assets.${figure}`);
  return (
    <Page title={t('homeDetail.title')}>
      {assets.isError && <QueryError onRetry={() => void assets.refetch()} />}
      {!figures && !assets.isError && <PageLoading inline />}
      {figures && (
        <dl className="home-detail">
          {FIGURES.map((figure) => (
            <div key={figure} className="home-detail-row">
              <dt className="home-detail-label">{label(figure)}</dt>
              <dd className="home-detail-value">
                <MoneyText
                  amount={figure === 'unsettled' ? unsettledOf(figures) : figures[figure]}
                  currency={figures.currency}
                  signed={figure === 'floatingPnl'}
                />
              </dd>
              <dd className="home-detail-info">{t(`homeDetail.${figure}Info`)}</dd>
            </div>
          ))}
        </dl>
      )}
    </Page>
  );
}
