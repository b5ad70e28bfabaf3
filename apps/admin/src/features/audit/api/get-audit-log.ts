import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { auditEntry } from '@bourse/shared/schemas/admin';
import { page } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

export const auditPage = page(auditEntry);
export type AuditPage = z.infer<typeof auditPage>;

export const auditLogQueryKey = ['admin', 'audit'] as const;

/** One page of the append-only audit log, newest first as the server orders it. */
export const auditLogQueryOptions = ({ page, pageSize }: PageParams) =>
  queryOptions({
    queryKey: [...auditLogQueryKey, { page, pageSize }],
    queryFn: ({ signal }) => request('/api/admin/audit', { query: { page, pageSize }, schema: auditPage, signal }),
    placeholderData: keepPreviousData,
  });

export function useAuditLog(params: PageParams) {
  return useQuery(auditLogQueryOptions(params));
}
