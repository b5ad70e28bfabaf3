import { Table, type TableColumnsType } from 'antd';
import { useEffect, useRef } from 'react';
import type { Page } from '@bourse/shared/schemas/common';
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
  columns: TableColumnsType<T>;
  /** The "nothing here" line of this list. */
  emptyText: string;
  /**
   * Wide tables scroll sideways when their wrapped columns still do not fit; the scrolling box then takes
   * the keyboard focus (arrow keys scroll it), as a scrollable region must (axe:
   * scrollable-region-focusable) when its rows hold nothing focusable.
   */
  scrollX?: boolean;
}

/**
 * The one scaffold of the console's paged lists: a failed load in place with a retry, then the
 * table with the server's page of rows, its loading state, a readable empty line and server-side
 * pagination (a new page size starts again at page 1).
 */
export function PagedList<T extends object>({
  query,
  pageParams,
  onPageChange,
  rowKey,
  columns,
  emptyText,
  scrollX = false,
}: PagedListProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!scrollX) return;
    for (const region of box.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) region.tabIndex = 0;
  });
  return (
    <div ref={box}>
      {query.isError && query.error && <QueryErrorAlert error={query.error} onRetry={() => void query.refetch()} />}
      <Table<T>
        rowKey={rowKey}
        columns={columns}
        dataSource={query.data?.items ?? []}
        loading={query.isFetching}
        locale={{ emptyText: <TableEmpty text={emptyText} /> }}
        // `true`, not 'max-content': cells wrap first, so at 1280 px every column shows; the table
        // scrolls sideways only when its columns cannot fit even wrapped.
        {...(scrollX && { scroll: { x: true }, tableLayout: 'auto' as const })}
        pagination={tablePagination({ pageParams, total: query.data?.total ?? 0, onChange: onPageChange })}
      />
    </div>
  );
}
