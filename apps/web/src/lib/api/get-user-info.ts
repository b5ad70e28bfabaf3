import { queryOptions, useQuery } from '@tanstack/react-query';
import { userInfo, type UserInfo } from '@bourse/shared/schemas/auth';
import { queryClient } from '../query-client';
import { get } from '../request';
import { useSessionStore } from '../session-store';

/** GET /api/user/info: the logged-in user's profile; also refreshes the copy in the session store. */
export async function getUserInfo(signal?: AbortSignal): Promise<UserInfo> {
  const info = await get('/api/user/info', undefined, { schema: userInfo, signal });
  useSessionStore.getState().setUserInfo(info);
  return info;
}

export const userInfoQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'info'],
    queryFn: ({ signal }) => getUserInfo(signal),
  });

/** The user's profile while logged in; starts from the copy the login stored. */
export function useUserInfo() {
  const token = useSessionStore((state) => state.token);
  const stored = useSessionStore((state) => state.userInfo);
  return useQuery({
    ...userInfoQueryOptions(),
    enabled: token !== null,
    placeholderData: stored ?? undefined,
  });
}

/** Keeps a fresh profile (from login or a profile update) in the store and the query cache. */
export function rememberUserInfo(info: UserInfo): void {
  useSessionStore.getState().setUserInfo(info);
  queryClient.setQueryData(userInfoQueryOptions().queryKey, info);
}
