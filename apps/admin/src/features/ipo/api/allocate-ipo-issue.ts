import { useMutation, useQueryClient } from '@tanstack/react-query';
import { adminIpoIssue } from '@bourse/shared/schemas/ipo';
import { request } from '../../../lib/request.ts';
import { ipoIssuesQueryKey } from './get-ipo-issues.ts';

/**
 * Runs the draw of a closed issue now, before its scheduled time: lots are allotted, each hold is
 * captured for them and the rest returned to the investor's cash. A second run changes nothing.
 */
export function allocateIpoIssue(input: { issueId: number }) {
  return request(`/api/admin/ipo/${input.issueId}/allocate`, {
    method: 'POST',
    schema: adminIpoIssue,
  });
}

export function useAllocateIpoIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: allocateIpoIssue,
    // Refreshed after a refusal too: the issue may have been drawn or cancelled meanwhile.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ipoIssuesQueryKey }),
  });
}
