import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ConsoleTable, type ConsoleColumns } from './console-table.tsx';

interface Row {
  id: number;
  total: string;
  fees: string;
  placedAt: string;
}

const columns: ConsoleColumns<Row> = [
  { key: 'id', title: 'Order', dataIndex: 'id' },
  { key: 'fees', under: 'total', title: 'Fees', render: (_, { fees }) => `€${fees}` },
  { key: 'total', title: 'Total', dataIndex: 'total' },
  { key: 'placedAt', under: 'id', title: 'Placed', dataIndex: 'placedAt' },
];

describe('ConsoleTable', () => {
  it('folds a secondary column under its host: one header and one cell, each with two lines, values whole', () => {
    render(
      <ConsoleTable<Row>
        rowKey="id"
        columns={columns}
        dataSource={[{ id: 12_345_678, total: '1234567.89', fees: '5.03', placedAt: '2026-11-27 09:00' }]}
        pagination={false}
      />,
    );
    const headers = screen.getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['OrderPlaced', 'TotalFees']);
    const cells = within(screen.getAllByRole('row')[1]!).getAllByRole('cell');
    expect(cells).toHaveLength(2);
    expect(within(cells[0]!).getByText('12345678')).toHaveClass('table-stack__line');
    expect(within(cells[0]!).getByText('2026-11-27 09:00')).toHaveClass('table-stack__line--secondary');
    expect(within(cells[1]!).getByText('1234567.89')).toBeInTheDocument();
    expect(within(cells[1]!).getByText('€5.03')).toHaveClass('table-stack__line--secondary');
  });

  it('refuses a column under one that is not in the table', () => {
    const broken: ConsoleColumns<Row> = [{ key: 'fees', under: 'nope', title: 'Fees', dataIndex: 'fees' }];
    expect(() => render(<ConsoleTable<Row> rowKey="id" columns={broken} dataSource={[]} />)).toThrow(/under nope/);
  });
});
