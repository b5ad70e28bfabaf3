import { Button, Card } from 'antd-mobile';
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import { formatPercent } from '@bourse/shared/format';
import { PORTFOLIO_RANGES, type PortfolioRange } from '@bourse/shared/schemas/portfolio';
import type { Assets } from '@bourse/shared/schemas/wallet';
import { useAssets } from '../../../lib/api/get-assets';
import { paths } from '../../../lib/paths';
import { queryClient } from '../../../lib/query-client';
import { ChevronRightIcon } from '../../../ui/icons';
import { MoneyText } from '../../../ui/money-text';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { TabList, tabPanelProps } from '../../../ui/tab-list';
import { useLanguage } from '../../../ui/use-language';
import { portfolioHistoryQueryOptions } from '../api/get-portfolio-history';
import { PortfolioChart } from './portfolio-chart';
import '../portfolio.css';

const isZero = (amount: string) => /^-?0*(\.0*)?$/.test(amount.trim());

/** Reloads what the money summary shows (pull-to-refresh on home). */
export function refreshMoneySummary(): Promise<unknown> {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: ['user', 'assets'] }),
    queryClient.invalidateQueries({ queryKey: ['user', 'portfolio'] }),
  ]);
}

/** Today's P/L, amount and percent, coloured by the investor's rise/fall convention. */
function DayPnl({ assets }: { assets: Assets }) {
  const { t } = useTranslation();
  const lang = useLanguage();
  const negative = assets.dayPnl.trim().startsWith('-');
  const tone = isZero(assets.dayPnl) ? 'price-flat' : negative ? 'price-fall' : 'price-rise';
  return (
    <span className="money-summary-row">
      <span className="money-summary-label">{t('portfolio.todayPnl')}</span>
      <span className={`money-summary-pnl ${tone}`} data-testid="money-summary-pnl">
        <span className="money-summary-pnl-amount">
          {!negative && !isZero(assets.dayPnl) ? '+' : ''}
          <MoneyText amount={assets.dayPnl} currency={assets.currency} />
        </span>
        {assets.dayPnlPercent !== null && (
          <span className="money-summary-pnl-percent">
            {' '}
            ({formatPercent(assets.dayPnlPercent, { lang, signed: true })})
          </span>
        )}
      </span>
    </span>
  );
}

/** The value chart with its range tabs: day, week, month, year. */
function ValueChart() {
  const { t } = useTranslation();
  const [range, setRange] = useState<PortfolioRange>('day');
  const history = useQuery(portfolioHistoryQueryOptions(range));
  const points = history.data?.points ?? [];
  return (
    <div className="money-summary-chart">
      <TabList
        items={PORTFOLIO_RANGES.map((key) => ({ key, label: t(`portfolio.ranges.${key}`) }))}
        value={range}
        onChange={setRange}
        label={t('portfolio.chart')}
        idPrefix="portfolio-range"
        className="money-summary-ranges"
      />
      <div {...tabPanelProps('portfolio-range', range)} className="money-summary-chart-panel">
        {history.isPending ? (
          <PageLoading inline />
        ) : history.isError ? (
          <QueryError onRetry={() => void history.refetch()} />
        ) : points.length < 2 ? (
          <p className="money-summary-note">{t('portfolio.noHistory')}</p>
        ) : (
          <PortfolioChart points={points} label={`${t('portfolio.chart')}: ${t(`portfolio.ranges.${range}`)}`} />
        )}
      </div>
    </div>
  );
}

/**
 * Home's money section: total assets, today's P/L, cash available (tapping them opens the account in
 * full) and the portfolio's value chart; a new investor without money is asked to deposit.
 */
export function MoneySummary() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const assets = useAssets();

  let content;
  if (assets.isPending) content = <PageLoading inline className="money-summary-loading" />;
  else if (assets.isError) content = <QueryError onRetry={() => void assets.refetch()} />;
  else {
    const data = assets.data;
    const empty = isZero(data.totalAssets) && isZero(data.dayPnl);
    content = (
      <>
        <Link className="money-summary-figures" to={paths.homeDetail.getHref()}>
          <span className="money-summary-total-row">
            <span className="money-summary-label">{t('assets.totalAssets')}</span>
            <span className="money-summary-total" data-testid="money-summary-total">
              <MoneyText amount={data.totalAssets} currency={data.currency} />
            </span>
          </span>
          <DayPnl assets={data} />
          <span className="money-summary-row">
            <span className="money-summary-label">{t('portfolio.cashAvailable')}</span>
            <span data-testid="money-summary-available">
              <MoneyText amount={data.available} currency={data.currency} />
            </span>
          </span>
          <span className="visually-hidden">{t('portfolio.openDetail')}</span>
          <ChevronRightIcon />
        </Link>
        {empty ? (
          <div className="money-summary-empty">
            <p className="money-summary-note">{t('portfolio.empty')}</p>
            <Button color="primary" onClick={() => navigate(paths.fastPayment.getHref())}>
              {t('portfolio.deposit')}
            </Button>
          </div>
        ) : (
          <ValueChart />
        )}
      </>
    );
  }

  return (
    <Card
      className="home-card money-summary"
      title={
        <h2 className="card-title" id="money-summary-title">
          {t('portfolio.title')}
        </h2>
      }
    >
      <section aria-labelledby="money-summary-title">{content}</section>
    </Card>
  );
}
