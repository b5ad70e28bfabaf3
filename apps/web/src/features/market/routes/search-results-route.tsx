import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { RequestError } from '../../../lib/request-error';
import { Page } from '../../../ui/page';
import { PageLoading } from '../../../ui/page-loading';
import { QueryError } from '../../../ui/query-error';
import { RefreshList } from '../../../ui/refresh-list';
import { useSearch } from '../api/search-instruments';
import { QuoteList } from '../components/quote-list';
import { SearchForm } from '../components/search-form';
import '../market.css';
import { rememberSearch } from '../recent-searches';

function Results({ query }: { query: string }) {
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
    return results.isError ? <QueryError onRetry={() => void results.refetch()} /> : <PageLoading inline />;
  }
  const items = results.data;
  return (
    <RefreshList onRefresh={() => results.refetch()}>
      <h2 className="search-results-title">
        {items.length === 0 ? t('market.search.noResults', { query }) : t('market.search.resultsFor', { query })}
      </h2>
      {items.length > 0 && <QuoteList items={items} label={t('market.search.resultsFor', { query })} />}
    </RefreshList>
  );
}

/** /search/search?q=: the instruments matching the text, each a link to its detail. */
export function SearchResultsRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const query = (searchParams.get('q') ?? '').trim();

  const search = (next: string) => {
    rememberSearch(next);
    void navigate(paths.searchResults.getHref(next), { replace: true });
  };

  return (
    <Page title={t('market.search.resultsTitle')} className="market-page">
      <div className="market-content">
        {/* A new search starts from the text in the address. */}
        <SearchForm key={`form:${query}`} initialQuery={query} onSearch={search} />
        {query ? (
          <Results key={`results:${query}`} query={query} />
        ) : (
          <p className="market-notice" role="alert">
            {t('errors.SEARCH_REQUIRED')}
          </p>
        )}
      </div>
    </Page>
  );
}
