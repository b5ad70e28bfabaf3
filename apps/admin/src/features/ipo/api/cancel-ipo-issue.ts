import { useMutation, useQueryClient } from '@tanstack/react-query';
import { rejectBody } from '@bourse/shared/schemas/common';
import { adminIpoIssue } from '@bourse/shared/schemas/ipo';
import { request } from '../../../lib/request.ts';
import { ipoIssuesQueryKey } from './get-ipo-issues.ts';

/** Cancels an issue before its allocation: every subscription's hold returns to the investor's cash. */
export function cancelIpoIssue(input: { issueId: number; reason: string }) {
  return request(`/api/admin/ipo/${input.issueId}/cancel`, {
    method: 'POST',
    body: rejectBody.parse({ reason: input.reason }),
    schema: adminIpoIssue,
  });
}

export function useCancelIpoIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelIpoIssue,
    // Refreshed after a refusal too: the issue may have been allocated or cancelled meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ipoIssuesQueryKey }),
  });
}
