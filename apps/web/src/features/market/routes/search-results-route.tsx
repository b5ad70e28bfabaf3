import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { Page } from '../../../ui/page';
import { SearchForm } from '../components/search-form';
import { SearchMatches } from '../components/search-matches';
import '../market.css';
import { rememberSearch } from '../recent-searches';

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
          <SearchMatches key={`results:${query}`} query={query} mode="results" />
        ) : (
          <p className="market-notice" role="alert">
            {t('errors.SEARCH_REQUIRED')}
          </p>
        )}
      </div>
    </Page>
  );
}
