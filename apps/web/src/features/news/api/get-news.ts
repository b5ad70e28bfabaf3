import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { newsListItem, type NewsCategory, type NewsListItem } from '@bourse/shared/schemas/news';
import { listPage, type ListPage } from '../../../lib/paged';
import { get } from '../../../lib/request';
import { useLanguage } from '../../../ui/use-language';

/** The list loads this many articles at a time; the home screen shows this many headlines. */
export const NEWS_PAGE_SIZE = 20;
export const LATEST_NEWS_COUNT = 5;

/** GET /api/news?category=&page=&pageSize=: published articles, newest first, in the reader's language. */
export function getNews(
  query: { category?: NewsCategory; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<ListPage<NewsListItem>> {
  return get('/api/news', query, { schema: listPage(newsListItem, query.pageSize), signal });
}

/** Articles are served in the reader's language, so the language is part of every key. */
export const newsQueryKey = ['news'] as const;

export const newsListQueryOptions = (category: NewsCategory, lang: string) =>
  infiniteQueryOptions({
    queryKey: [...newsQueryKey, 'list', category, lang],
    queryFn: ({ pageParam, signal }) => getNews({ category, page: pageParam, pageSize: NEWS_PAGE_SIZE }, signal),
    initialPageParam: 1,
    getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
  });

export function useNewsList(category: NewsCategory) {
  return useInfiniteQuery(newsListQueryOptions(category, useLanguage()));
}

export const latestNewsQueryOptions = (lang: string) =>
  queryOptions({
    queryKey: [...newsQueryKey, 'latest', lang],
    queryFn: ({ signal }) => getNews({ page: 1, pageSize: LATEST_NEWS_COUNT }, signal),
  });

export function useLatestNews() {
  return useQuery(latestNewsQueryOptions(useLanguage()));
}
