import { queryOptions, useQuery } from '@tanstack/react-query';
import { supportHistory } from '@bourse/shared/schemas/support';
import { get } from '../request';
import { useSessionStore } from '../session-store';

/** The customer-service replies the investor has not read (the chat's entries show it as a badge). */
export const supportUnreadQueryOptions = () =>
  queryOptions({
    queryKey: ['support', 'unread'],
    queryFn: async ({ signal }) =>
      (await get('/api/support/messages', { limit: 1 }, { schema: supportHistory, signal })).unread,
    staleTime: 30_000,
  });

/** The count while signed in; `enabled` false when customer service is an external address (no chat). */
export function useSupportUnread(enabled = true) {
  const token = useSessionStore((state) => state.token);
  return useQuery({ ...supportUnreadQueryOptions(), enabled: enabled && token !== null });
}
