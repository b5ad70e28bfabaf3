import { useState } from 'react';
import { BOARDS, type Board } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { ArrowDownIcon, ArrowUpIcon, SearchIcon } from '../../../ui/market-icons';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useInstruments, type InstrumentSort, type InstrumentsFilter } from '../api/get-instruments';
import { QuoteList } from '../components/quote-list';
import '../market.css';
import { useMarketFormat } from '../use-market-format';

/** Shares first (every board but the indices), then each board; the indices have their own tab. */
type BoardChoice = 'shares' | Board;
const BOARD_CHOICES: readonly BoardChoice[] = ['shares', ...BOARDS];

type SortField = 'changePct' | 'volume' | 'last';
const SORT_FIELDS: readonly SortField[] = ['changePct', 'volume', 'last'];

interface SortState {
  field: SortField;
  descending: boolean;
}

export const sortParam = ({ field, descending }: SortState): InstrumentSort =>
  descending ? (`-${field}` as const) : field;

function MarketList({ filter, field }: { filter: InstrumentsFilter; field: SortField }) {
  const { t } = useTranslation();
  const format = useMarketFormat();
  const query = useInstruments(filter);

  if (!query.data) {
    return query.isError ? <QueryError onRetry={() => void query.refetch()} /> : <PageLoading inline />;
  }
  // Prices move between page loads, so a row can reappear on the next page of a sorted list.
  const seen = new Set<string>();
  const items = query.data.pages
    .flatMap((page) => page.items)
    .filter((item) => (seen.has(item.code) ? false : (seen.add(item.code), true)));
  return (
    <RefreshList
      onRefresh={() => query.refetch()}
      onLoad={async () => {
        const result = await query.fetchNextPage();
        if (result.isError) throw result.error;
      }}
      hasMore={query.hasNextPage}
      empty={items.length === 0}
    >
      {items.length > 0 && (
        <QuoteList
          items={items}
          label={t('market.allStocks')}
          secondary={field === 'volume' ? (item) => `${t('market.volume')} ${format.compact(item.volume)}` : undefined}
        />
      )}
    </RefreshList>
  );
}

/**
 * /market (a tab): the shares (indices apart, on their own tab), by board, sorted by change, volume or price in either
 * direction, with pull-to-refresh and more rows as the user scrolls; prices on screen are live.
 */
export function MarketRoute() {
  const { t } = useTranslation();
  const [board, setBoard] = useState<BoardChoice>('shares');
  const [sort, setSort] = useState<SortState>({ field: 'changePct', descending: true });
  const filter: InstrumentsFilter =
    board === 'shares' ? { kind: 'shares', sort: sortParam(sort) } : { board, sort: sortParam(sort) };

  const chooseSort = (field: SortField) =>
    // The chosen field again turns the order round; another field starts with the highest first.
    setSort((current) =>
      current.field === field ? { field, descending: !current.descending } : { field, descending: true },
    );

  return (
    <Page
      title={t('market.title')}
      back={false}
      className="market-page"
      right={
        <Link className="nav-bar-button" to={paths.search.getHref()} aria-label={t('market.searchStocks')}>
          <SearchIcon />
        </Link>
      }
    >
      <div className="market-filters">
        <fieldset className="market-boards">
          <legend className="visually-hidden">{t('market.board')}</legend>
          {BOARD_CHOICES.map((value) => (
            <label key={value} className={value === board ? 'choice-chip choice-chip-checked' : 'choice-chip'}>
              <input
                className="choice-chip-input"
                type="radio"
                name="market-board"
                value={value}
                checked={value === board}
                onChange={() => setBoard(value)}
              />
              <span>{t(`market.boards.${value}`)}</span>
            </label>
          ))}
        </fieldset>
        <div className="market-sort" role="group" aria-label={t('market.sortBy')}>
          <span className="market-sort-label" aria-hidden="true">
            {t('market.sortBy')}
          </span>
          {SORT_FIELDS.map((field) => {
            const active = sort.field === field;
            const name = t(`market.sortFields.${field}`);
            return (
              <button
                key={field}
                type="button"
                className={active ? 'market-sort-button market-sort-button-active' : 'market-sort-button'}
                aria-pressed={active}
                aria-label={
                  active ? t(sort.descending ? 'market.sortDescending' : 'market.sortAscending', { field: name }) : name
                }
                onClick={() => chooseSort(field)}
              >
                {name}
                {active && (sort.descending ? <ArrowDownIcon /> : <ArrowUpIcon />)}
              </button>
            );
          })}
        </div>
      </div>
      <div className="quote-list-head" aria-hidden="true">
        <span>{t('market.columnName')}</span>
        <span>{t('market.columnLast')}</span>
        <span>{t('market.columnChange')}</span>
      </div>
      {/* Another board or order starts again at the first page. */}
      <MarketList key={`${board}:${sortParam(sort)}`} filter={filter} field={sort.field} />
    </Page>
  );
}
