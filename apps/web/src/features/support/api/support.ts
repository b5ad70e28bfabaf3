import { useInfiniteQuery, useMutation, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import {
  supportAttachment,
  supportHistory,
  supportMessage,
  supportUnread,
  type SupportAttachment,
  type SupportHistory,
  type SupportMessage,
  type SupportMessageBody,
} from '@bourse/shared/schemas/support';
import { z } from 'zod';
import { supportUnreadQueryOptions } from '../../../lib/api/support-unread';
import { get, post } from '../../../lib/request';

/** Messages per page of the chat's history. */
export const HISTORY_PAGE_SIZE = 20;
/** An image of up to 8 MB can take longer than the usual 10 s on a mobile connection. */
const UPLOAD_TIMEOUT_MS = 60_000;

export const historyQueryKey = ['support', 'messages'] as const;

/** The chat's history: the newest page first, older pages as the investor asks for them. */
export function useSupportHistory() {
  return useInfiniteQuery({
    queryKey: historyQueryKey,
    queryFn: ({ pageParam, signal }) =>
      get('/api/support/messages', { limit: HISTORY_PAGE_SIZE, before: pageParam }, { schema: supportHistory, signal }),
    initialPageParam: undefined as number | undefined,
    getNextPageParam: (last) => (last.hasMore && last.messages[0] ? last.messages[0].id : undefined),
  });
}

/** Every message of the loaded pages, oldest first. */
export function allMessages(data: InfiniteData<SupportHistory> | undefined): SupportMessage[] {
  if (!data) return [];
  return [...data.pages].reverse().flatMap((page) => page.messages);
}

/** Adds a message (sent here or arriving on the stream) to the newest page, once. */
export function withMessage(
  data: InfiniteData<SupportHistory> | undefined,
  message: SupportMessage,
): InfiniteData<SupportHistory> | undefined {
  if (!data || data.pages.length === 0) return data;
  if (data.pages.some((page) => page.messages.some((m) => m.id === message.id))) return data;
  const [newest, ...older] = data.pages;
  return { ...data, pages: [{ ...newest!, messages: [...newest!.messages, message] }, ...older] };
}

export function uploadSupportImage(file: File): Promise<SupportAttachment> {
  const form = new FormData();
  form.append('image', file, file.name);
  return post('/api/support/attachments', form, { schema: supportAttachment, timeoutMs: UPLOAD_TIMEOUT_MS });
}

/** Sends a message: the image (if any) is uploaded first, then the message carries its id. */
export function useSendSupportMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ text, image }: { text: string; image: File | null }) => {
      const attachment = image ? await uploadSupportImage(image) : null;
      const trimmed = text.trim();
      const body: SupportMessageBody = attachment
        ? trimmed
          ? { text: trimmed, attachmentId: attachment.id }
          : { attachmentId: attachment.id }
        : { text: trimmed };
      // The same text may be sent twice on purpose ("ok", "ok").
      return post('/api/support/messages', body, { schema: supportMessage, allowDuplicate: true });
    },
    onSuccess: (message) => {
      queryClient.setQueryData<InfiniteData<SupportHistory>>(historyQueryKey, (data) => withMessage(data, message));
      void queryClient.invalidateQueries({ queryKey: historyQueryKey });
    },
  });
}

/** Marks the operators' replies read, here and in the entries' badges. */
export async function markSupportRead(): Promise<void> {
  await post('/api/support/read', undefined, { schema: supportUnread, allowDuplicate: true });
}

/** Tells the operators the investor is typing (at most every few seconds, see the composer). */
export function sendTyping(): Promise<null> {
  return post('/api/support/typing', undefined, { schema: z.null(), allowDuplicate: true });
}

export { supportUnreadQueryOptions };
