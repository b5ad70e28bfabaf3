import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../lib/i18n.ts';
import { ApiError } from '../lib/request.ts';
import { PagedList, type PageQuery } from './paged-list.tsx';
import { FIRST_PAGE } from './pagination.ts';

interface Row {
  id: number;
  name: string;
}

const columns = [{ key: 'name', title: 'Name', render: (_: unknown, row: Row) => row.name }];

function query(overrides: Partial<PageQuery<Row>> = {}): PageQuery<Row> {
  return {
    data: undefined,
    isFetching: false,
    isError: false,
    error: null,
    refetch: () => Promise.resolve(),
    ...overrides,
  };
}

describe('PagedList', () => {
  it('shows the page of rows, or the list’s own empty line', async () => {
    await changeLanguage('en');
    const { rerender } = render(
      <PagedList<Row>
        query={query({ data: { items: [{ id: 1, name: 'Ada' }], total: 1, page: 1, pageSize: 20 } })}
        rowKey="id"
        columns={columns}
        emptyText="No payments yet"
        pageParams={FIRST_PAGE}
        onPageChange={() => undefined}
      />,
    );
    expect(within(screen.getByRole('table')).getByText('Ada')).toBeInTheDocument();
    rerender(
      <PagedList<Row>
        query={query({ data: { items: [], total: 0, page: 1, pageSize: 20 } })}
        rowKey="id"
        columns={columns}
        emptyText="No payments yet"
        pageParams={FIRST_PAGE}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByText('No payments yet')).toBeInTheDocument();
  });

  it('shows a failed load in place, with a retry that loads again', async () => {
    await changeLanguage('en');
    const user = userEvent.setup();
    const refetch = vi.fn(() => Promise.resolve());
    render(
      <PagedList<Row>
        query={query({
          isError: true,
          error: new ApiError({ code: 'FORBIDDEN', msg: 'Not allowed for your role', status: 403 }),
          refetch,
        })}
        rowKey="id"
        columns={columns}
        emptyText="No payments yet"
        pageParams={FIRST_PAGE}
        onPageChange={() => undefined}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Not allowed for your role');
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(refetch).toHaveBeenCalledTimes(1);
  });
});
