import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@bourse/shared/schemas/admin';
import { DateTime, browserTimeZone } from '../../../ui/date-time.tsx';
import { PagedList, type PageQuery } from '../../../ui/paged-list.tsx';
import type { PageParams } from '../../../ui/pagination.ts';
import { type ConsoleColumns } from '../../../ui/console-table.tsx';

const EMPTY = '—';

/** Details as compact JSON: exactly what was recorded, nothing reformatted or hidden. */
function DetailsJson({ details }: { details: AuditEntry['details'] }) {
  if (details === null || Object.keys(details).length === 0) return EMPTY;
  return <code className="mono audit-details">{JSON.stringify(details)}</code>;
}

interface AuditLogTableProps {
  query: PageQuery<AuditEntry>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
}

export function AuditLogTable({ query, pageParams, onPageChange }: AuditLogTableProps) {
  const { t } = useTranslation();

  const columns: ConsoleColumns<AuditEntry> = [
    {
      key: 'at',
      title: `${t('admin.audit.time')} (${browserTimeZone})`,
      render: (_, { at }) => <DateTime value={at} />,
      className: 'nowrap',
    },
    { key: 'operator', title: t('admin.audit.operator'), render: (_, { operator }) => operator ?? EMPTY },
    {
      key: 'action',
      title: t('admin.audit.action'),
      render: (_, { action }) => <code className="mono">{action}</code>,
    },
    { key: 'target', title: t('admin.audit.target'), render: (_, { target }) => target ?? EMPTY },
    {
      key: 'details',
      title: t('admin.audit.details'),
      render: (_, { details }) => <DetailsJson details={details} />,
    },
    {
      key: 'ip',
      title: t('admin.audit.ip'),
      render: (_, { ip }) => (ip === null ? EMPTY : <span className="mono">{ip}</span>),
    },
  ];

  return (
    <PagedList<AuditEntry>
      query={query}
      rowKey="id"
      columns={columns}
      emptyText={t('common.noData')}
      pageParams={pageParams}
      onPageChange={onPageChange}
    />
  );
}
