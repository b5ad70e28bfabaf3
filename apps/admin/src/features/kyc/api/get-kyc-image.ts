import { queryOptions, useQuery } from '@tanstack/react-query';
import type { KycImageSide } from '@bourse/shared/schemas/kyc';
import { requestBlob } from '../../../lib/request.ts';

/**
 * One side of the user's latest submission, fetched with the operator's token (the images have no
 * public address). Kept only while on screen: an ID image does not stay in the cache afterwards.
 */
export const kycImageQueryOptions = (params: { userId: number; submissionId: number; side: KycImageSide }) =>
  queryOptions({
    queryKey: ['admin', 'kyc', 'image', params.submissionId, params.side],
    queryFn: ({ signal }) => requestBlob(`/api/admin/kyc/${params.userId}/images/${params.side}`, { signal }),
    staleTime: Infinity,
    gcTime: 0,
    meta: { errorDisplay: 'inline' },
  });

export function useKycImage(params: { userId: number; submissionId: number; side: KycImageSide }) {
  return useQuery(kycImageQueryOptions(params));
}
