import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { page } from '@bourse/shared/schemas/common';
import { adminPayment, payment } from '@bourse/shared/schemas/wallet';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const PAYMENT_TYPES = payment.shape.type.options;
export type PaymentType = (typeof PAYMENT_TYPES)[number];
export type PaymentStatus = z.infer<typeof payment.shape.status>;

const paymentPage = page(adminPayment);

export const paymentsQueryKey = ['admin', 'payments'] as const;

export interface PaymentsParams extends PageParams {
  /** Undefined lists both types. */
  type: PaymentType | undefined;
}

/** One page of payments, newest first. */
export const paymentsQueryOptions = ({ type, page: pageNo, pageSize }: PaymentsParams) =>
  queryOptions({
    queryKey: [...paymentsQueryKey, { type, page: pageNo, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/payments', { query: { type, page: pageNo, pageSize }, schema: paymentPage, signal }),
    placeholderData: keepPreviousData,
    meta: { errorDisplay: 'inline' },
  });

export function usePayments(params: PaymentsParams) {
  return useQuery(paymentsQueryOptions(params));
}
