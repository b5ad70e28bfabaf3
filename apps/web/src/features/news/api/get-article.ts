import { queryOptions, useQuery } from '@tanstack/react-query';
import { newsArticle, type NewsArticle } from '@bourse/shared/schemas/news';
import { get } from '../../../lib/request';
import { useLanguage } from '../../../ui/use-language';
import { newsQueryKey } from './get-news';

/** GET /api/news/:id: one published article in the reader's language (or its fallback). */
export function getArticle(id: number, signal?: AbortSignal): Promise<NewsArticle> {
  return get(`/api/news/${id}`, undefined, { schema: newsArticle, signal });
}

export const articleQueryOptions = (id: number, lang: string) =>
  queryOptions({
    queryKey: [...newsQueryKey, 'article', id, lang],
    queryFn: ({ signal }) => getArticle(id, signal),
  });

export function useArticle(id: number) {
  return useQuery({ ...articleQueryOptions(id, useLanguage()), enabled: Number.isSafeInteger(id) && id > 0 });
}
