import { PERIODS } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths, type RecordPeriod } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { StatList } from '../../../ui/stat-list';
import { useHistory } from '../api/get-history';
import { ChoiceGroup } from '../components/choice-group';
import { HistoryItem } from '../components/history-item';
import { SignedText } from '../components/signed-text';
import { useTradingEvents } from '../use-trading-events';
import { useTradingFormat } from '../use-trading-format';
import '../trading.css';

const DEFAULT_PERIOD: RecordPeriod = 'today';

const isPeriod = (value: string | null): value is RecordPeriod =>
  value !== null && (PERIODS as readonly string[]).includes(value);

/**
 * /historyPosition: the lots sold from within a period (spec §9: today, this week, month, quarter,
 * year) with the period's realized P/L; the period lives in the query string.
 */
export function HistoryPositionRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const raw = searchParams.get('period');
  const period: RecordPeriod = isPeriod(raw) ? raw : DEFAULT_PERIOD;
  useTradingEvents();

  return (
    <Page title={t('trading.history.title')}>
      <div className="trade-filter">
        <ChoiceGroup
          name="history-period"
          legend={t('wallet.records.period')}
          hideLegend
          variant="chips"
          choices={PERIODS.map((value) => ({ value, label: t(`wallet.records.periods.${value}`) }))}
          value={period}
          onChange={(next) => setSearchParams({ period: next }, { replace: true })}
        />
      </div>
      {/* A new period starts again at the first page. */}
      <HistoryList key={period} period={period} />
    </Page>
  );
}

function HistoryList({ period }: { period: RecordPeriod }) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const history = useHistory(period);

  if (!history.data) {
    return history.isError ? (
      <div className="trade-content">
        <QueryError onRetry={() => void history.refetch()} />
      </div>
    ) : (
      <PageLoading inline />
    );
  }
  const totals = history.data.pages[0]?.totals ?? { realizedPnl: '0.00', count: 0 };
  const items = history.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => history.refetch()}
      onLoad={() => history.fetchNextPage()}
      hasMore={history.hasNextPage}
      empty={items.length === 0}
      emptyText={t('emptyStates.history')}
      emptyAction={{ label: t('emptyStates.toHoldings'), to: paths.holding.getHref() }}
    >
      <section className="trade-summary" aria-labelledby="history-total">
        <p className="assets-total">
          <span id="history-total" className="assets-total-label">
            {t('trading.history.realizedTotal', { period: t(`wallet.records.periods.${period}`) })}
          </span>
          <span className="assets-total-value" data-testid="history-realized-total">
            <SignedText value={totals.realizedPnl}>{format.money(totals.realizedPnl, { signed: true })}</SignedText>
          </span>
        </p>
        <StatList items={[{ key: 'count', label: t('trading.history.count'), value: format.count(totals.count) }]} />
      </section>
      {items.length > 0 && (
        <ul className="trade-list" aria-label={t('trading.history.title')}>
          {items.map((lot) => (
            <HistoryItem key={lot.id} lot={lot} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
