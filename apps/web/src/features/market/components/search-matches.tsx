import { useTranslation } from 'react-i18next';
import { RequestError } from '../../../lib/request-error';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useSearch } from '../api/search-instruments';
import { QuoteList } from './quote-list';

export interface SearchMatchesProps {
  /** The trimmed text to match (code, name or pinyin), as the server matches it. */
  query: string;
  /**
   * `suggestions`: while typing on /search, quiet (a failed load shows nothing; the next keystroke
   * asks again). `results`: the full results of /search/search, under a heading, with a retry on a
   * failed load and pull-to-refresh.
   */
  mode: 'suggestions' | 'results';
}

/** The instruments matching a search text: the one list behind /search's suggestions and its results page. */
export function SearchMatches({ query, mode }: SearchMatchesProps) {
  const { t } = useTranslation();
  const results = useSearch(query);

  if (!results.data) {
    // The server's refusal (too long, …) is shown in the user's language, as it sent it.
    if (results.error instanceof RequestError && results.error.kind === 'business') {
      return (
        <p className="market-notice" role="alert">
          {results.error.message}
        </p>
      );
    }
    if (!results.isError) return <PageLoading inline />;
    return mode === 'results' ? <QueryError onRetry={() => void results.refetch()} /> : null;
  }
  const items = results.data;
  const none = t('market.search.noResults', { query });
  if (mode === 'suggestions') {
    return items.length === 0 ? (
      <p className="market-notice">{none}</p>
    ) : (
      <QuoteList items={items} label={t('market.search.suggestions')} />
    );
  }
  const title = t('market.search.resultsFor', { query });
  return (
    <RefreshList onRefresh={() => results.refetch()}>
      <h2 className="search-results-title">{items.length === 0 ? none : title}</h2>
      {items.length > 0 && <QuoteList items={items} label={title} />}
    </RefreshList>
  );
}
