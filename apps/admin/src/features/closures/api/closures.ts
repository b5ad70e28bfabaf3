import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { page, rejectBody } from '@bourse/shared/schemas/common';
import { adminClosure, type ClosureStatus } from '@bourse/shared/schemas/privacy';
import { ApiError, request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const closuresPage = page(adminClosure);

/** Prefix of every closure list query; a decision invalidates all of them. */
export const closuresQueryKey = ['admin', 'closures'] as const;

/** One page of account-closure requests in a status: `pending` is the queue (oldest first). */
export function useClosures({ status, page: pageNo, pageSize }: PageParams & { status: ClosureStatus }) {
  return useQuery(
    queryOptions({
      queryKey: [...closuresQueryKey, { status, page: pageNo, pageSize }],
      queryFn: ({ signal }) =>
        request('/api/admin/closures', { query: { status, page: pageNo, pageSize }, schema: closuresPage, signal }),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  );
}

/** Completes a request: the server checks the conditions again, closes the account and signs it out. */
export function completeClosure(id: number) {
  return request(`/api/admin/closures/${id}/complete`, { method: 'POST', schema: adminClosure });
}

/** Rejects a request; the investor sees the reason in their settings. */
export function rejectClosure(input: { id: number; reason: string }) {
  return request(`/api/admin/closures/${input.id}/reject`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: adminClosure,
  });
}

// Refreshed after a refusal too: "not pending" means another operator decided first (or the investor withdrew).
function useDecision<V>(mutationFn: (variables: V) => ReturnType<typeof completeClosure>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: closuresQueryKey }) });
}

export const useCompleteClosure = () => useDecision(completeClosure);
export const useRejectClosure = () => useDecision(rejectClosure);

/** Nothing is left to decide: someone decided first, or the investor withdrew the request. */
export function isAlreadyDecided(error: Error): boolean {
  return error instanceof ApiError && error.code === 'CLOSURE_NOT_PENDING';
}
