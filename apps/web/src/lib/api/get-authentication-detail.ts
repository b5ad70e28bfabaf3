import { queryOptions, useQuery } from '@tanstack/react-query';
import { authenticationDetail, type AuthenticationDetail } from '@bourse/shared/schemas/kyc';
import { get } from '../request';

/** GET /api/user/authenticationDetail: the status, and of the latest submission what the user may see. */
export function getAuthenticationDetail(signal?: AbortSignal): Promise<AuthenticationDetail> {
  return get('/api/user/authenticationDetail', undefined, { schema: authenticationDetail, signal });
}

export const authenticationDetailQueryOptions = () =>
  queryOptions({
    queryKey: ['user', 'authenticationDetail'],
    queryFn: ({ signal }) => getAuthenticationDetail(signal),
  });

export function useAuthenticationDetail() {
  return useQuery(authenticationDetailQueryOptions());
}
