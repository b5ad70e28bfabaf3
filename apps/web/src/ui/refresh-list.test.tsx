import { act, render, screen, waitFor } from '@testing-library/react';
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

  it('animates the loading dots only while a page is being fetched', async () => {
    // jsdom lays nothing out: the list's end is given a place (InfiniteScroll reads offsetParent and the
    // rectangle). First far below the screen: nothing is fetched, the footer waits with its text only.
    const laidOut = vi.spyOn(HTMLElement.prototype, 'offsetParent', 'get').mockReturnValue(document.body);
    const rect = vi
      .spyOn(HTMLElement.prototype, 'getBoundingClientRect')
      .mockReturnValue(new DOMRect(0, 5000, 390, 40));
    const onLoad = vi.fn(() => Promise.resolve());
    const { container, unmount } = renderList(
      <RefreshList onRefresh={() => Promise.resolve()} onLoad={onLoad} hasMore>
        <p>row</p>
      </RefreshList>,
    );
    expect(await screen.findByText('Loading…')).toBeInTheDocument();
    expect(onLoad).not.toHaveBeenCalled();
    expect(container.querySelector('.adm-dot-loading')).toBeNull();
    unmount();
    rect.mockRestore();

    // The end in view: the fetch starts, and the dots run until it settles.
    let finish!: () => void;
    const pending = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const view = renderList(
      <RefreshList onRefresh={() => Promise.resolve()} onLoad={pending} hasMore>
        <p>row</p>
      </RefreshList>,
    );
    await waitFor(() => expect(pending).toHaveBeenCalledTimes(1));
    expect(view.container.querySelector('.adm-dot-loading')).not.toBeNull();
    view.rerender(
      <I18nextProvider i18n={i18n}>
        <MemoryRouter>
          <RefreshList onRefresh={() => Promise.resolve()} onLoad={pending} hasMore={false}>
            <p>row</p>
          </RefreshList>
        </MemoryRouter>
      </I18nextProvider>,
    );
    await act(async () => finish());
    expect(await screen.findByText('No more data')).toBeInTheDocument();
    expect(view.container.querySelector('.adm-dot-loading')).toBeNull();
    laidOut.mockRestore();
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
