import { PERIODS } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';
import { paths, type RecordPeriod } from '../../../lib/paths';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useDisplayFormat } from '../../../ui/use-display-format';
import { useFundLog } from '../api/get-fund-log';

const isPeriod = (value: string | null): value is RecordPeriod =>
  value !== null && (PERIODS as readonly string[]).includes(value);

/** The period from the query string (`?period=`), this month by default. */
export function periodOf(value: string | null): RecordPeriod {
  return isPeriod(value) ? value : 'month';
}

/**
 * Every fund movement and day's earnings of a period, with the period filter (today / week / month /
 * quarter / year): the one list behind /trade/history and /ucenter/moneyLog.
 */
export function FundLogList({ period, onPeriod }: { period: RecordPeriod; onPeriod: (period: RecordPeriod) => void }) {
  const { t } = useTranslation();
  return (
    <>
      <fieldset className="period-filter">
        <legend className="visually-hidden">{t('wallet.records.period')}</legend>
        {PERIODS.map((value) => (
          <label key={value} className={value === period ? 'choice-chip choice-chip-checked' : 'choice-chip'}>
            <input
              className="choice-chip-input"
              type="radio"
              name="fund-log-period"
              value={value}
              checked={value === period}
              onChange={() => onPeriod(value)}
            />
            <span>{t(`wallet.records.periods.${value}`)}</span>
          </label>
        ))}
      </fieldset>
      {/* A new period starts again at the first page. */}
      <Entries key={period} period={period} />
    </>
  );
}

function Entries({ period }: { period: RecordPeriod }) {
  const { t } = useTranslation();
  const format = useDisplayFormat();
  const log = useFundLog(period);
  if (!log.data) {
    return log.isError ? <QueryError onRetry={() => void log.refetch()} /> : <PageLoading inline />;
  }
  const items = log.data.pages.flatMap((page) => page.items);
  return (
    <RefreshList
      onRefresh={() => log.refetch()}
      onLoad={() => log.fetchNextPage()}
      hasMore={log.hasNextPage}
      empty={items.length === 0 && !log.hasNextPage}
      emptyText={t('emptyStates.fundLog')}
      emptyAction={{ label: t('emptyStates.buyFund'), to: paths.fundPayment.getHref() }}
    >
      {items.length > 0 && (
        <ul className="fund-log" aria-label={t('fund.logTitle')}>
          {items.map((entry) => {
            const incoming = entry.type === 'earnings' || entry.type === 'redeem_paid';
            return (
              <li key={entry.id} className="fund-log-item">
                <div className="fund-log-main">
                  <span className="fund-log-type">{t(`fund.types.${entry.type}`)}</span>
                  <span className={incoming ? 'fund-log-amount money-text-gain' : 'fund-log-amount'}>
                    {format.money(entry.amount)}
                  </span>
                </div>
                <div className="fund-log-meta">
                  <span>{entry.type === 'earnings' ? entry.date : format.dateTime(entry.at)}</span>
                  {entry.confirmDate && (
                    <span>
                      {t(entry.type === 'purchase' ? 'fund.confirmOn' : 'fund.paidOn', { date: entry.confirmDate })}
                    </span>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </RefreshList>
  );
}
