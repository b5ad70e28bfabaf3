import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { auditEntry } from '@bourse/shared/schemas/admin';
import { page } from '@bourse/shared/schemas/common';
import { request } from '../../../lib/request.ts';
import type { PageParams } from '../../../ui/pagination.ts';

const auditPage = page(auditEntry);

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
