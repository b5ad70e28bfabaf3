import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useDebouncedValue } from '../../../lib/use-debounced-value';
import { Page } from '../../../ui/page';
import { SearchForm } from '../components/search-form';
import { SearchMatches } from '../components/search-matches';
import '../market.css';
import { clearRecentSearches, rememberSearch, useRecentSearches } from '../recent-searches';

/** How long typing pauses before the suggestions are asked for. */
export const SUGGEST_DELAY_MS = 300;

/**
 * /search (open to everyone): the search box and the last ten searches, each one tap from being
 * run again. Suggestions appear while typing; the full results open on /search/search?q=.
 */
export function SearchRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const recent = useRecentSearches();
  const [typed, setTyped] = useState('');
  const suggestFor = useDebouncedValue(typed.trim(), SUGGEST_DELAY_MS);

  const search = (query: string) => {
    rememberSearch(query);
    void navigate(paths.searchResults.getHref(query));
  };

  return (
    <Page title={t('market.search.title')} className="market-page">
      <div className="market-content">
        <SearchForm onSearch={search} onQueryChange={setTyped} autoFocus />
        {suggestFor && typed.trim() && <SearchMatches key={suggestFor} query={suggestFor} mode="suggestions" />}
        {!typed.trim() && recent.length > 0 && (
          <section className="recent-searches" aria-labelledby="recent-searches-title">
            <div className="recent-searches-head">
              <h2 id="recent-searches-title" className="card-title">
                {t('market.search.recent')}
              </h2>
              <button type="button" className="link-button" onClick={clearRecentSearches}>
                {t('market.search.clearRecent')}
              </button>
            </div>
            <ul className="recent-searches-list">
              {recent.map((query) => (
                <li key={query}>
                  <button type="button" className="recent-search" onClick={() => search(query)}>
                    {query}
                  </button>
                </li>
              ))}
            </ul>
          </section>
        )}
      </div>
    </Page>
  );
}
