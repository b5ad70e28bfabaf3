import { useState, type FormEvent } from 'react';
import { Button } from 'antd-mobile';
import { SEARCH_MAX_LENGTH } from '@bourse/shared/schemas/market';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field';

/**
 * The search box: code, name or pinyin. Empty text is refused here with the spec's "search content
 * required"; everything else (length, odd characters) is the server's to judge.
 */
export function SearchForm({
  initialQuery = '',
  onSearch,
  onQueryChange,
  autoFocus = false,
}: {
  initialQuery?: string;
  onSearch: (query: string) => void;
  /** Each change of the text, as typed (for suggestions). */
  onQueryChange?: (query: string) => void;
  autoFocus?: boolean;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState(initialQuery);
  const [error, setError] = useState<string>();

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = query.trim();
    if (!text) {
      setError(t('errors.SEARCH_REQUIRED'));
      return;
    }
    setError(undefined);
    onSearch(text);
  };

  return (
    <form className="search-form" role="search" noValidate onSubmit={submit}>
      <TextField
        id="market-search"
        label={t('market.search.label')}
        type="search"
        inputMode="search"
        enterKeyHint="search"
        autoComplete="off"
        autoCapitalize="off"
        spellCheck={false}
        maxLength={SEARCH_MAX_LENGTH}
        placeholder={t('market.search.placeholder')}
        value={query}
        error={error}
        autoFocus={autoFocus}
        onChange={(event) => {
          setQuery(event.target.value);
          onQueryChange?.(event.target.value);
          if (error) setError(undefined);
        }}
      />
      <Button type="submit" color="primary" block>
        {t('market.search.submit')}
      </Button>
    </form>
  );
}
