import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { creditPointRule, creditPointRulePatch, type CreditPointRulePatch } from '@bourse/shared/schemas/members';
import { request } from '../../../lib/request.ts';

export const rulesQueryKey = ['admin', 'members', 'rules'] as const;

/** The credit point rules: points each awards or deducts, whether active, who changed it last. */
export const rulesQueryOptions = () =>
  queryOptions({
    queryKey: rulesQueryKey,
    queryFn: ({ signal }) => request('/api/admin/members/rules', { schema: z.array(creditPointRule), signal }),
    meta: { errorDisplay: 'inline' },
  });

export function useRules() {
  return useQuery(rulesQueryOptions());
}

/** PUT /api/admin/members/rules/:code: only the fields given change (audited). */
export function updateRule(input: { code: string; patch: CreditPointRulePatch }) {
  return request(`/api/admin/members/rules/${encodeURIComponent(input.code)}`, {
    method: 'PUT',
    body: creditPointRulePatch.parse(input.patch),
    schema: creditPointRule,
  });
}

export function useUpdateRule() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateRule,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: rulesQueryKey }),
  });
}
