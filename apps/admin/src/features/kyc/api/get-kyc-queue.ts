import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { kycQueuePage, type KycSubmissionStatus } from '@bourse/shared/schemas/kyc';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

/** Prefix of every KYC list query; a decision invalidates all of them. */
export const kycQueueQueryKey = ['admin', 'kyc', 'queue'] as const;

export interface KycQueueParams extends PageParams {
  status: KycSubmissionStatus;
}

/** One page of submissions in a status: the review queue oldest first, decided ones newest first. */
export const kycQueueQueryOptions = ({ status, page, pageSize }: KycQueueParams) =>
  queryOptions({
    queryKey: [...kycQueueQueryKey, { status, page, pageSize }],
    queryFn: ({ signal }) =>
      request('/api/admin/kyc', { query: { status, page, pageSize }, schema: kycQueuePage, signal }),
    placeholderData: keepPreviousData,
    // The screen shows the failure in place, with a retry.
    meta: { errorDisplay: 'inline' },
  });

export function useKycQueue(params: KycQueueParams) {
  return useQuery(kycQueueQueryOptions(params));
}
