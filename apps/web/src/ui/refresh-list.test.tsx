import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../lib/i18n';
import { RefreshList } from './refresh-list';

function renderList(ui: React.ReactElement) {
  return render(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter>{ui}</MemoryRouter>
    </I18nextProvider>,
  );
}

describe('RefreshList', () => {
  it('says "No more data" from the catalog when every page is loaded', async () => {
    renderList(
      <RefreshList onRefresh={vi.fn(() => Promise.resolve())} onLoad={vi.fn(() => Promise.resolve())} hasMore={false}>
        <p>row</p>
      </RefreshList>,
    );
    expect(await screen.findByText('No more data')).toBeInTheDocument();
  });

  it('uses the given finished text and the empty text', async () => {
    const { unmount } = renderList(
      <RefreshList onRefresh={() => Promise.resolve()} onLoad={() => Promise.resolve()} finishedText="That is all" />,
    );
    expect(await screen.findByText('That is all')).toBeInTheDocument();
    unmount();
    renderList(<RefreshList onRefresh={() => Promise.resolve()} onLoad={() => Promise.resolve()} empty />);
    expect(await screen.findByText('No data available')).toBeInTheDocument();
  });

  it('shows the loading text while more pages exist', async () => {
    renderList(
      <RefreshList
        onRefresh={() => Promise.resolve()}
        onLoad={() => Promise.resolve()}
        hasMore
        loadingText="Fetching more"
      >
        <p>row</p>
      </RefreshList>,
    );
    expect(await screen.findByText('Fetching more')).toBeInTheDocument();
    expect(screen.queryByText('No more data')).not.toBeInTheDocument();
  });

  it('defaults the loading text to the catalog', async () => {
    renderList(<RefreshList onRefresh={() => Promise.resolve()} onLoad={() => Promise.resolve()} hasMore />);
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
  });

  it('says what to do next on an empty list, with a button to the action, paged or not', async () => {
    const action = { label: 'Explore the market', to: '/market' };
    const { unmount } = renderList(
      <RefreshList
        onRefresh={() => Promise.resolve()}
        onLoad={() => Promise.resolve()}
        empty
        emptyText="You hold nothing yet."
        emptyAction={action}
      />,
    );
    const state = await screen.findByRole('status');
    expect(state).toHaveTextContent('You hold nothing yet.');
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveAttribute('href', '/market');
    expect(screen.queryByText('No data available')).not.toBeInTheDocument();
    expect(screen.queryByText('No more data')).not.toBeInTheDocument();
    unmount();

    renderList(<RefreshList onRefresh={() => Promise.resolve()} empty emptyText="No card yet." emptyAction={action} />);
    expect(await screen.findByText('No card yet.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Explore the market' })).toHaveClass('empty-state-action');
  });

  it('shows no action and no empty text while the list has items', async () => {
    renderList(
      <RefreshList
        onRefresh={() => Promise.resolve()}
        emptyText="You hold nothing yet."
        emptyAction={{ label: 'Explore the market', to: '/market' }}
      >
        <p>row</p>
      </RefreshList>,
    );
    expect(await screen.findByText('row')).toBeInTheDocument();
    expect(screen.queryByText('You hold nothing yet.')).not.toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
  });
});
