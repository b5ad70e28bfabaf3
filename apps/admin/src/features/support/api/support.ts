import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import {
  supportAttachment,
  supportCannedList,
  supportCannedReply,
  supportConversationDetail,
  supportConversationsPage,
  supportMessage,
  supportUnread,
  type SupportBox,
  type SupportCannedBody,
  type SupportMessageBody,
} from '@bourse/shared/schemas/support';
import { request } from '../../../lib/request.ts';

/** Prefix of every support query: a live event refreshes them. */
export const supportQueryKey = ['admin', 'support'] as const;
const BASE = '/api/admin/support/conversations';

export function useConversations(box: SupportBox, page: number) {
  return useQuery(
    queryOptions({
      queryKey: [...supportQueryKey, 'list', { box, page }],
      queryFn: ({ signal }) => request(BASE, { query: { box, page }, schema: supportConversationsPage, signal }),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  );
}

export function useConversation(id: number | null) {
  return useQuery(
    queryOptions({
      queryKey: [...supportQueryKey, 'detail', id],
      queryFn: ({ signal }) => request(`${BASE}/${id}`, { schema: supportConversationDetail, signal }),
      enabled: id !== null,
      meta: { errorDisplay: 'inline' },
    }),
  );
}

function useSupportMutation<V, R>(mutationFn: (variables: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: supportQueryKey }) });
}

export const useAssign = () =>
  useSupportMutation((id: number) =>
    request(`${BASE}/${id}/assign`, { method: 'POST', schema: supportConversationDetail }),
  );

export const useClose = () =>
  useSupportMutation((id: number) =>
    request(`${BASE}/${id}/close`, { method: 'POST', schema: supportConversationDetail }),
  );

/** Sends a reply: the image (if any) is uploaded for the conversation's investor first. */
export const useReply = () =>
  useSupportMutation(async ({ id, text, image }: { id: number; text: string; image: File | null }) => {
    let attachmentId: number | undefined;
    if (image) {
      const form = new FormData();
      form.append('image', image, image.name);
      attachmentId = (
        await request(`${BASE}/${id}/attachments`, {
          method: 'POST',
          body: form,
          schema: supportAttachment,
          timeoutMs: 60_000,
        })
      ).id;
    }
    const trimmed = text.trim();
    const body: SupportMessageBody =
      attachmentId === undefined ? { text: trimmed } : trimmed ? { text: trimmed, attachmentId } : { attachmentId };
    return request(`${BASE}/${id}/messages`, { method: 'POST', body, schema: supportMessage });
  });

export function markRead(id: number) {
  return request(`${BASE}/${id}/read`, { method: 'POST', schema: supportUnread });
}

export function sendTyping(id: number) {
  return request(`${BASE}/${id}/typing`, { method: 'POST', schema: z.null() });
}

const CANNED = '/api/admin/support/canned';

export function useCannedReplies() {
  return useQuery(
    queryOptions({
      queryKey: [...supportQueryKey, 'canned'],
      queryFn: ({ signal }) => request(CANNED, { schema: supportCannedList, signal }),
      meta: { errorDisplay: 'inline' },
    }),
  );
}

export const useSaveCanned = () =>
  useSupportMutation(({ id, body }: { id: number | null; body: SupportCannedBody }) =>
    id === null
      ? request(CANNED, { method: 'POST', body, schema: supportCannedReply })
      : request(`${CANNED}/${id}`, { method: 'PUT', body, schema: supportCannedReply }),
  );

export const useDeleteCanned = () =>
  useSupportMutation((id: number) => request(`${CANNED}/${id}`, { method: 'DELETE', schema: z.null() }));
