import { PERIODS } from '@bourse/shared/schemas/wallet';
import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { paths, type RecordDirection, type RecordPeriod } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useRecords, type RecordsFilter } from '../api/get-records';
import { RecordItem } from '../components/record-item';
import { useWalletConfig } from '../use-format-amount';

const DIRECTIONS: readonly RecordDirection[] = ['in', 'out'];
const DEFAULT_PERIOD: RecordPeriod = 'month';
/** Records are shown this many at a time; the list reveals more as the user scrolls. */
const RECORDS_PER_PAGE = 20;

const isPeriod = (value: string | null): value is RecordPeriod =>
  value !== null && (PERIODS as readonly string[]).includes(value);

/**
 * /bankRecord: finance records, incoming or outgoing, within a period (spec §9). Tab and period live
 * in the query string (`?direction=out&period=week`), so other screens can link to them and going
 * back restores them.
 */
export function BankRecordRoute() {
  const { t } = useTranslation();
  const [searchParams, setSearchParams] = useSearchParams();
  const direction: RecordDirection = searchParams.get('direction') === 'out' ? 'out' : 'in';
  const rawPeriod = searchParams.get('period');
  const period: RecordPeriod = isPeriod(rawPeriod) ? rawPeriod : DEFAULT_PERIOD;

  const setFilter = (next: Partial<RecordsFilter>) => {
    const filter = { direction, period, ...next };
    setSearchParams({ direction: filter.direction, period: filter.period }, { replace: true });
  };

  const onTabKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const next = direction === 'in' ? 'out' : 'in';
    setFilter({ direction: next });
    document.getElementById(`records-tab-${next}`)?.focus();
  };

  return (
    <Page title={t('wallet.records.title')}>
      <div className="records-tabs" role="tablist" aria-label={t('wallet.records.direction')}>
        {DIRECTIONS.map((value) => (
          <button
            key={value}
            id={`records-tab-${value}`}
            type="button"
            role="tab"
            className="records-tab"
            aria-selected={value === direction}
            aria-controls="records-panel"
            tabIndex={value === direction ? 0 : -1}
            onClick={() => setFilter({ direction: value })}
            onKeyDown={onTabKey}
          >
            {t(`wallet.records.directions.${value}`)}
          </button>
        ))}
      </div>
      <div id="records-panel" role="tabpanel" aria-labelledby={`records-tab-${direction}`}>
        <fieldset className="period-filter">
          <legend className="visually-hidden">{t('wallet.records.period')}</legend>
          {PERIODS.map((value) => (
            <label key={value} className={value === period ? 'choice-chip choice-chip-checked' : 'choice-chip'}>
              <input
                className="choice-chip-input"
                type="radio"
                name="records-period"
                value={value}
                checked={value === period}
                onChange={() => setFilter({ period: value })}
              />
              <span>{t(`wallet.records.periods.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        {/* A new filter starts again at the first page. */}
        <RecordList key={`${direction}:${period}`} filter={{ direction, period }} />
      </div>
    </Page>
  );
}

function RecordList({ filter }: { filter: RecordsFilter }) {
  const { t } = useTranslation();
  const records = useRecords(filter);
  const { currency } = useWalletConfig();
  const [shown, setShown] = useState(RECORDS_PER_PAGE);

  if (!records.data) {
    return records.isError ? (
      <div className="wallet-content">
        <QueryError onRetry={() => void records.refetch()} />
      </div>
    ) : (
      <PageLoading inline />
    );
  }
  const all = records.data;
  return (
    <RefreshList
      onRefresh={() => records.refetch()}
      onLoad={async () => setShown((count) => count + RECORDS_PER_PAGE)}
      hasMore={shown < all.length}
      empty={all.length === 0}
      emptyText={t('emptyStates.records')}
      emptyAction={{ label: t('emptyStates.deposit'), to: paths.bankIn.getHref() }}
    >
      {all.length > 0 && (
        <ul className="records" aria-label={t('wallet.records.title')}>
          {all.slice(0, shown).map((record) => (
            <RecordItem key={record.id} record={record} currency={currency} />
          ))}
        </ul>
      )}
    </RefreshList>
  );
}
