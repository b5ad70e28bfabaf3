import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { page, rejectBody } from '@bourse/shared/schemas/common';
import { adminLoan, loan, type LoanStatus } from '@bourse/shared/schemas/loans';
import { ApiError, request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const loansPage = page(adminLoan);

/** Prefix of every loan list query; a decision invalidates all of them. */
export const loansQueryKey = ['admin', 'loans'] as const;

export interface LoansParams extends PageParams {
  status: LoanStatus;
}

/** One page of loans in a status: `pending` is the queue (oldest first), `passed` the loan book. */
export function useLoans({ status, page: pageNo, pageSize }: LoansParams) {
  return useQuery(
    queryOptions({
      queryKey: [...loansQueryKey, { status, page: pageNo, pageSize }],
      queryFn: ({ signal }) =>
        request('/api/admin/loans', { query: { status, page: pageNo, pageSize }, schema: loansPage, signal }),
      placeholderData: keepPreviousData,
      meta: { errorDisplay: 'inline' },
    }),
  );
}

/** Passes an application: the principal is paid into the investor's cash (at or above the threshold, by the second operator). */
export function passLoan(loanId: number) {
  return request(`/api/admin/loans/${loanId}/pass`, { method: 'POST', schema: loan });
}

/** Rejects an application; the investor is sent the reason. */
export function rejectLoan(input: { loanId: number; reason: string }) {
  return request(`/api/admin/loans/${input.loanId}/reject`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: loan,
  });
}

// Refreshed after a refusal too: "not pending" means another operator decided first.
function useDecision<V>(mutationFn: (variables: V) => ReturnType<typeof passLoan>) {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn, onSettled: () => queryClient.invalidateQueries({ queryKey: loansQueryKey }) });
}

export const usePassLoan = () => useDecision(passLoan);
export const useRejectLoan = () => useDecision(rejectLoan);

/** Another operator decided first: nothing is left to decide. */
export function isAlreadyDecided(error: Error): boolean {
  return error instanceof ApiError && error.code === 'LOAN_NOT_PENDING';
}
