import { useMutation, useQueryClient } from '@tanstack/react-query';
import { kycResubmitBody, kycSubmission } from '@bourse/shared/schemas/kyc';
import { request } from '../../../lib/request.ts';
import { kycQueueQueryKey } from './get-kyc-queue.ts';

/** Approves the user's submission in review; the server writes the audit line with it. */
export function approveKyc(userId: number) {
  return request(`/api/admin/kyc/${userId}/approve`, { method: 'POST', schema: kycSubmission });
}

/** Sends the submission back with a reason the investor will read. */
export function requestKycResubmission(input: { userId: number; reason: string }) {
  return request(`/api/admin/kyc/${input.userId}/resubmit`, {
    method: 'POST',
    body: kycResubmitBody.parse({ reason: input.reason }),
    schema: kycSubmission,
  });
}

export function useApproveKyc() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveKyc,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueueQueryKey }),
  });
}

export function useRequestKycResubmission() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: requestKycResubmission,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: kycQueueQueryKey }),
  });
}
