import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { message, unreadCount, type Message, type UnreadCount } from '@bourse/shared/schemas/messages';
import { listPage, type ListPage } from '../../../lib/paged';
import { get, post } from '../../../lib/request';
import { useSessionStore } from '../../../lib/session-store';
import { useTopic } from '../../../lib/stream';

/** The message centre loads this many messages at a time. */
export const MESSAGES_PAGE_SIZE = 20;

const MESSAGES_KEY = ['messages'] as const;

/** GET /api/messages?page=: the investor's messages, newest first, rendered in the current language. */
export function useMessages() {
  // The language is part of the key: switching it renders every message again on the server.
  const language = useSessionStore((state) => state.language);
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: [...MESSAGES_KEY, 'list', language],
      queryFn: ({ pageParam, signal }): Promise<ListPage<Message>> =>
        get(
          '/api/messages',
          { page: pageParam, pageSize: MESSAGES_PAGE_SIZE },
          { schema: listPage(message, MESSAGES_PAGE_SIZE), signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
      staleTime: 0,
    }),
  );
}

/** GET /api/messages/unread: the badge's count; asked only with a session. */
export function useUnreadCount() {
  const signedIn = useSessionStore((state) => state.token !== null);
  return useQuery(
    queryOptions({
      queryKey: [...MESSAGES_KEY, 'unread'],
      queryFn: ({ signal }): Promise<UnreadCount> =>
        get('/api/messages/unread', undefined, { schema: unreadCount, signal }),
      enabled: signedIn,
      staleTime: 30_000,
    }),
  );
}

/** POST /api/messages/:id/read, then the list and the badge are loaded again. */
export function useReadMessage() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number): Promise<UnreadCount> =>
      post(`/api/messages/${id}/read`, undefined, { schema: unreadCount }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/** POST /api/messages/read-all. */
export function useReadAllMessages() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<UnreadCount> => post('/api/messages/read-all', undefined, { schema: unreadCount }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: MESSAGES_KEY }),
  });
}

/**
 * Keeps the message centre and its badges live: the server sends a `message` event on the
 * investor's `user` topic once a new message is committed, and the list and count are loaded again.
 */
export function useMessageEvents(): void {
  const queryClient = useQueryClient();
  const signedIn = useSessionStore((state) => state.token !== null);
  useTopic(signedIn ? 'user' : null, (event) => {
    if (event.type === 'event' && event.event === 'message') {
      void queryClient.invalidateQueries({ queryKey: MESSAGES_KEY });
    }
  });
}
