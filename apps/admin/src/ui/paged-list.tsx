import type { Page } from '@bourse/shared/schemas/common';
import { ConsoleTable, type ConsoleColumns } from './console-table.tsx';
import { tablePagination, type PageParams } from './pagination.ts';
import { QueryErrorAlert } from './query-error-alert.tsx';
import { TableEmpty } from './table-empty.tsx';

/** What a list screen's page query gives (a TanStack Query result of one `Page` of the list). */
export interface PageQuery<T> {
  data: Page<T> | undefined;
  isFetching: boolean;
  isError: boolean;
  error: Error | null;
  refetch: () => Promise<unknown>;
}

export interface PagedListProps<T> {
  query: PageQuery<T>;
  pageParams: PageParams;
  onPageChange: (params: PageParams) => void;
  rowKey: keyof T & string;
  columns: ConsoleColumns<T>;
  /** The "nothing here" line of this list. */
  emptyText: string;
}

/**
 * The one scaffold of the console's paged lists: a failed load in place with a retry, then the
 * table with the server's page of rows, its loading state, a readable empty line and server-side
 * pagination (a new page size starts again at page 1), in the console's one table widget.
 */
export function PagedList<T extends object>({
  query,
  pageParams,
  onPageChange,
  rowKey,
  columns,
  emptyText,
}: PagedListProps<T>) {
  return (
    <div>
      {query.isError && query.error && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <ConsoleTable<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: <TableEmpty text={emptyText} /> }}
        pagination={tablePagination({ pageParams, total: query.data?.total ?? 0, onChange: onPageChange })}
      />
    </div>
  );
}
