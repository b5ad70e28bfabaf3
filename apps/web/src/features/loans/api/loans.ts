import {
  infiniteQueryOptions,
  queryOptions,
  useInfiniteQuery,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import {
  loan,
  loanOffer,
  loanRepayment,
  type Loan,
  type LoanApplicationBody,
  type LoanOffer,
  type LoanRepayment,
  type LoanRepaymentBody,
} from '@bourse/shared/schemas/loans';
import { assetsQueryOptions } from '../../../lib/api/get-assets';
import { listPage, type ListPage } from '../../../lib/paged';
import { get, post } from '../../../lib/request';

/** The records load this many at a time. */
export const LOANS_PAGE_SIZE = 20;

/** GET /api/loans/offer: the rate, the terms, the investor's limit and what is left of it. */
export const loanOfferQueryOptions = () =>
  queryOptions({
    queryKey: ['loans', 'offer'],
    queryFn: ({ signal }): Promise<LoanOffer> => get('/api/loans/offer', undefined, { schema: loanOffer, signal }),
    staleTime: 0,
  });

export function useLoanOffer() {
  return useQuery(loanOfferQueryOptions());
}

/** GET /api/loans?page=: the investor's loans, newest first. */
export function useLoans() {
  return useInfiniteQuery(
    infiniteQueryOptions({
      queryKey: ['loans', 'list'],
      queryFn: ({ pageParam, signal }): Promise<ListPage<Loan>> =>
        get(
          '/api/loans',
          { page: pageParam, pageSize: LOANS_PAGE_SIZE },
          { schema: listPage(loan, LOANS_PAGE_SIZE), signal },
        ),
      initialPageParam: 1,
      getNextPageParam: (last, _pages, pageNumber) => (last.hasMore ? pageNumber + 1 : undefined),
      staleTime: 0,
    }),
  );
}

/** GET /api/loans/:id: one of the investor's loans. */
export function useLoan(id: number) {
  return useQuery(
    queryOptions({
      queryKey: ['loans', 'one', id],
      queryFn: ({ signal }): Promise<Loan> => get(`/api/loans/${id}`, undefined, { schema: loan, signal }),
      // A path that names no loan id asks nothing.
      enabled: Number.isSafeInteger(id) && id > 0,
      staleTime: 0,
    }),
  );
}

/** POST /api/loans: an application, sent once per action (Idempotency-Key). */
export function useApplyForLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ idempotencyKey, ...body }: LoanApplicationBody & { idempotencyKey: string }): Promise<Loan> =>
      post('/api/loans', body, { schema: loan, idempotencyKey, loading: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['loans'] }),
  });
}

/** POST /api/loans/:id/repay: a repayment from cash, interest first. */
export function useRepayLoan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({
      loanId,
      idempotencyKey,
      ...body
    }: LoanRepaymentBody & { loanId: number; idempotencyKey: string }): Promise<LoanRepayment> =>
      post(`/api/loans/${loanId}/repay`, body, { schema: loanRepayment, idempotencyKey, loading: true }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['loans'] }),
        queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey }),
      ]),
  });
}
