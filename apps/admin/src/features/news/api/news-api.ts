import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { page } from '@bourse/shared/schemas/common';
import {
  adminNewsArticle,
  newsArticleBody,
  newsFeed,
  newsFeedBody,
  newsPreview,
  type NewsArticleBody,
  type NewsBodyFormat,
  type NewsFeedBody,
} from '@bourse/shared/schemas/news';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

/** Prefix of every news query; any change invalidates them all (articles and feeds are few). */
export const newsQueryKey = ['admin', 'news'] as const;
const deleted = z.object({ id: z.number().int() });

export const articlesQueryOptions = ({ page: pageNumber, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...newsQueryKey, 'articles', { page: pageNumber, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/news', {
        query: { page: pageNumber, pageSize },
        schema: page(adminNewsArticle),
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function useArticles(params: PageParams) {
  return useQuery(articlesQueryOptions(params));
}

export function useFeeds() {
  return useQuery({
    queryKey: [...newsQueryKey, 'feeds'],
    queryFn: ({ signal }) => request('/api/admin/news/feeds', { schema: z.array(newsFeed), signal }),
  });
}

/** A mutation that refreshes every news query when it succeeds. */
function useNewsMutation<I, O>(mutationFn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: newsQueryKey }),
  });
}

export function useSaveArticle() {
  return useNewsMutation(({ id, body }: { id: number | null; body: NewsArticleBody }) =>
    request(id === null ? '/api/admin/news' : `/api/admin/news/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: newsArticleBody.parse(body),
      schema: adminNewsArticle,
    }),
  );
}

export function usePublishArticle() {
  return useNewsMutation(({ id, published }: { id: number; published: boolean }) =>
    request(`/api/admin/news/${id}/${published ? 'publish' : 'unpublish'}`, {
      method: 'POST',
      schema: adminNewsArticle,
    }),
  );
}

export function useDeleteArticle() {
  return useNewsMutation((id: number) => request(`/api/admin/news/${id}`, { method: 'DELETE', schema: deleted }));
}

/** The sanitized HTML of a body, exactly as saving would store it. */
export function usePreview() {
  return useMutation({
    mutationFn: (input: { bodyFormat: NewsBodyFormat; body: string }) =>
      request('/api/admin/news/preview', { method: 'POST', body: input, schema: newsPreview }),
  });
}

export function useSaveFeed() {
  return useNewsMutation(({ id, body }: { id: number | null; body: NewsFeedBody }) =>
    request(id === null ? '/api/admin/news/feeds' : `/api/admin/news/feeds/${id}`, {
      method: id === null ? 'POST' : 'PUT',
      body: newsFeedBody.parse(body),
      schema: newsFeed,
    }),
  );
}

export function useDeleteFeed() {
  return useNewsMutation((id: number) => request(`/api/admin/news/feeds/${id}`, { method: 'DELETE', schema: deleted }));
}

export function useRunFeed() {
  return useNewsMutation((id: number) =>
    request(`/api/admin/news/feeds/${id}/run`, { method: 'POST', schema: newsFeed }),
  );
}
