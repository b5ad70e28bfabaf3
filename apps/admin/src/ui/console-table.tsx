import { Table, type TableColumnsType, type TableProps } from 'antd';
import { useEffect, useRef, type ReactNode } from 'react';

type AntColumn<T> = TableColumnsType<T>[number];

/**
 * A console table column. `under` names another column (by `key`) whose cell this one joins as a
 * second line, with its title as a second line of that column's header: a secondary field (the
 * fees under the total, the fill time under the order time) that keeps its full value, never cut
 * off, while the table keeps to the screen's width.
 */
export type ConsoleColumn<T> = AntColumn<T> & { under?: string };
export type ConsoleColumns<T> = Array<ConsoleColumn<T>>;

function cellOf<T>(column: ConsoleColumn<T>, row: T, index: number): ReactNode {
  const dataIndex = 'dataIndex' in column ? column.dataIndex : undefined;
  const value = typeof dataIndex === 'string' ? (row as Record<string, unknown>)[dataIndex] : undefined;
  if (column.render) return column.render(value, row, index) as ReactNode;
  return value as ReactNode;
}

/** Folds every `under` column into its host column: one header with two lines, one cell with two lines. */
export function stackColumns<T>(columns: ConsoleColumns<T>): TableColumnsType<T> {
  const secondaries = new Map<string, Array<ConsoleColumn<T>>>();
  for (const column of columns) {
    if (!column.under) continue;
    if (!columns.some((host) => host.key === column.under && !host.under))
      throw new Error(`column ${String(column.key)} is under ${column.under}, which is not a column of its own`);
    secondaries.set(column.under, [...(secondaries.get(column.under) ?? []), column]);
  }
  return columns
    .filter((column) => !column.under)
    .map(({ under: _under, ...column }) => {
      const lines = column.key === undefined ? undefined : secondaries.get(String(column.key));
      if (!lines) return column;
      // The host's own value comes from `cellOf`; antd's dataIndex lookup before `render` is harmless.
      return {
        ...column,
        className: [column.className, 'table-stack'].filter(Boolean).join(' '),
        title: (
          <>
            <span className="table-stack__line">{column.title as ReactNode}</span>
            {lines.map((line) => (
              <span key={String(line.key)} className="table-stack__line table-stack__line--secondary">
                {line.title as ReactNode}
              </span>
            ))}
          </>
        ),
        render: (_: unknown, row: T, index: number) => (
          <>
            <span className="table-stack__line">{cellOf(column, row, index)}</span>
            {lines.map((line) => (
              <span
                key={String(line.key)}
                className={['table-stack__line', 'table-stack__line--secondary', line.className]
                  .filter(Boolean)
                  .join(' ')}
              >
                {cellOf(line, row, index)}
              </span>
            ))}
          </>
        ),
      };
    });
}

export interface ConsoleTableProps<T> extends Omit<TableProps<T>, 'columns' | 'scroll' | 'tableLayout'> {
  columns: ConsoleColumns<T>;
}

/**
 * The console's one table: compact rows, columns sized by their content (`tableLayout: auto`), cells
 * that wrap (globally: long codes and references break inside their cell, numbers and dates stay
 * whole), secondary fields folded under their host column (`under`), so that every column fits
 * 1280 px without a sideways scroll. Should a table still be wider than its box (a narrow window),
 * it scrolls sideways, and the scrolling box then takes the keyboard focus (axe:
 * scrollable-region-focusable), since its rows may hold nothing focusable.
 */
export function ConsoleTable<T extends object>({ columns, ...props }: ConsoleTableProps<T>) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    for (const region of box.current?.querySelectorAll<HTMLElement>('.ant-table-content') ?? []) region.tabIndex = 0;
  });
  return (
    <div ref={box} className="console-table">
      <Table<T> size="small" {...props} tableLayout="auto" scroll={{ x: true }} columns={stackColumns(columns)} />
    </div>
  );
}
