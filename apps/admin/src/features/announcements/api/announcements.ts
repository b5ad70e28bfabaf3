import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  announcementBody,
  announcementPage,
  audienceBody,
  audienceSize,
  messagePage,
  type AnnouncementAudience,
  type AnnouncementBody,
} from '@bourse/shared/schemas/messages';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

/** Prefix of every announcement list query; publishing invalidates all pages. */
export const announcementsQueryKey = ['admin', 'announcements'] as const;

export function useAnnouncements({ page, pageSize }: PageParams) {
  return useQuery(
    queryOptions({
      queryKey: [...announcementsQueryKey, { page, pageSize }],
      queryFn: ({ signal }) =>
        request('/api/admin/announcements', { query: { page, pageSize }, schema: announcementPage, signal }),
      placeholderData: keepPreviousData,
    }),
  );
}

/** How many investors an audience reaches now (the form's preview); asked only for a complete audience. */
export function useAudienceSize(audience: AnnouncementAudience | null) {
  return useQuery(
    queryOptions({
      queryKey: [...announcementsQueryKey, 'audience', audience],
      queryFn: ({ signal }) =>
        request('/api/admin/announcements/audience', {
          method: 'POST',
          body: audienceBody.parse({ audience }),
          schema: audienceSize,
          signal,
        }),
      enabled: audience !== null,
      meta: { errorDisplay: 'inline' },
    }),
  );
}

const published = z.object({ id: z.number().int(), recipients: z.number().int() });

export function usePublishAnnouncement() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AnnouncementBody) =>
      request('/api/admin/announcements', { method: 'POST', body: announcementBody.parse(body), schema: published }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: announcementsQueryKey }),
  });
}

/** An investor's messages, rendered in the console's language (the user page). */
export function useUserMessages(userId: number, { page, pageSize }: PageParams) {
  return useQuery(
    queryOptions({
      queryKey: ['admin', 'users', userId, 'messages', { page, pageSize }],
      queryFn: ({ signal }) =>
        request(`/api/admin/users/${userId}/messages`, { query: { page, pageSize }, schema: messagePage, signal }),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  );
}
