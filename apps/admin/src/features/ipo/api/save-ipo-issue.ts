import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  adminIpoIssue,
  ipoIssueBody,
  ipoIssuePatch,
  type IpoIssueBody,
  type IpoIssuePatch,
} from '@bourse/shared/schemas/ipo';
import { ApiError, request } from '../../../lib/request.ts';
import { ipoIssuesQueryKey } from './get-ipo-issues.ts';

/** Creates an issue and its instrument (status `ipo`, not tradable until listed). */
export function createIpoIssue(body: IpoIssueBody) {
  return request('/api/admin/ipo', { method: 'POST', body: ipoIssueBody.parse(body), schema: adminIpoIssue });
}

/** Changes the named fields of an issue (only those, so the audit line lists exactly them). */
export function updateIpoIssue({ issueId, patch }: { issueId: number; patch: IpoIssuePatch }) {
  return request(`/api/admin/ipo/${issueId}`, {
    method: 'PUT',
    body: ipoIssuePatch.parse(patch),
    schema: adminIpoIssue,
  });
}

// The form shows a refusal in place, next to the fields it concerns.
export function useCreateIpoIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createIpoIssue,
    meta: { errorDisplay: 'inline' },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ipoIssuesQueryKey }),
  });
}

export function useUpdateIpoIssue() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateIpoIssue,
    meta: { errorDisplay: 'inline' },
    // Refreshed after a refusal too: the issue may have opened since the list was loaded.
    onSettled: () => queryClient.invalidateQueries({ queryKey: ipoIssuesQueryKey }),
  });
}

/** The server refused an edit because investors have applied on the terms it would change. */
export function isTermsLocked(error: Error | null): boolean {
  return error instanceof ApiError && error.code === 'IPO_TERMS_LOCKED';
}
