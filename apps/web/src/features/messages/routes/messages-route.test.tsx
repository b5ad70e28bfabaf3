import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Message } from '@bourse/shared/schemas/messages';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/language';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleUser } from '../../../test/render-app';
import { sampleAssets } from '../../../test/wallet-samples';

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
});
afterEach(() => stream.close());

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig(sampleConfig);
}

const TITLES: Record<string, string> = { en: 'Identity verification', de: 'Identitätsprüfung' };

/** A tiny message server: the stored messages, rendered in the request's language, read state kept. */
function serve(initial: Array<Omit<Message, 'title'> & { title?: string }>) {
  const store = initial.map((m) => ({ ...m }));
  const render = (lang: string) =>
    store.map((m) => ({ ...m, title: m.title ?? TITLES[lang] ?? TITLES.en! })).sort((a, b) => b.id - a.id);
  const unread = () => store.filter((m) => !m.read).length;
  const mock = mockFetch({
    'GET /api/user/info': () => ok(sampleUser),
    'GET /api/user/assets': () => ok(sampleAssets),
    'GET /api/messages': (request: SentRequest) => {
      const items = render(request.headers['lang'] ?? 'en');
      return ok({ items, total: items.length, page: 1, pageSize: 20, unread: unread() });
    },
    'GET /api/messages/unread': () => ok({ unread: unread() }),
    'POST /api/messages/read-all': () => {
      for (const m of store) m.read = true;
      return ok({ unread: 0 });
    },
    ...Object.fromEntries(
      store.map((m) => [
        `POST /api/messages/${m.id}/read`,
        () => {
          m.read = true;
          return ok({ unread: unread() });
        },
      ]),
    ),
  });
  return {
    ...mock,
    store,
    add(message: Omit<Message, 'title'> & { title?: string }) {
      store.push(message);
    },
  };
}

const approved = {
  id: 1,
  kind: 'notification' as const,
  body: 'Your identity has been verified.',
  createdAt: Date.UTC(2026, 10, 23, 9, 0),
  read: false,
};
const announcement = {
  id: 2,
  kind: 'announcement' as const,
  title: 'Maintenance on Saturday',
  body: 'The app is unavailable from 2 to 4 am.',
  createdAt: Date.UTC(2026, 10, 23, 10, 0),
  read: true,
};

describe('message centre (/messages)', () => {
  it('lists the messages, marks the unread one, opens and reads it on tap, and marks all read', async () => {
    logIn();
    const { sent } = serve([approved, announcement, { ...approved, id: 3, body: 'Second', read: false }]);
    const user = userEvent.setup();
    renderApp('/messages');

    expect(await screen.findByRole('heading', { level: 1, name: 'Messages' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Messages' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('.message-title')?.textContent)).toEqual([
      'Identity verification',
      'Maintenance on Saturday',
      'Identity verification',
    ]);
    expect(within(rows[2]!).getByRole('img', { name: 'Unread' })).toBeInTheDocument();
    expect(within(rows[1]!).queryByRole('img', { name: 'Unread' })).toBeNull();
    expect(within(rows[1]!).getByText('Announcement')).toBeInTheDocument();

    const first = within(rows[2]!).getByRole('button');
    expect(first).toHaveAttribute('aria-expanded', 'false');
    await user.click(first);
    expect(first).toHaveAttribute('aria-expanded', 'true');
    await waitFor(() => expect(sent.filter((r) => r.url.endsWith('/api/messages/1/read'))).toHaveLength(1));
    await waitFor(() => expect(within(rows[2]!).queryByRole('img', { name: 'Unread' })).toBeNull());

    // Tapping a message already read sends nothing.
    await user.click(within(rows[1]!).getByRole('button'));
    expect(sent.filter((r) => r.method === 'POST' && r.url.includes('/api/messages/2'))).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Mark all read' }));
    await waitFor(() => expect(sent.filter((r) => r.url.endsWith('/api/messages/read-all'))).toHaveLength(1));
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Unread' })).toBeNull());
    expect(screen.queryByRole('button', { name: 'Mark all read' })).toBeNull();
  });

  it('shows the empty state', async () => {
    logIn();
    serve([]);
    renderApp('/messages');
    expect(
      await screen.findByText('No messages yet. Decisions on your account and announcements appear here.'),
    ).toBeInTheDocument();
  });

  it('shows a new message live, when the stream says one arrived, and renders again in a new language', async () => {
    logIn();
    const server = serve([announcement]);
    renderApp('/messages');
    await screen.findByText('Maintenance on Saturday');
    await waitFor(() => expect(stream.subscribed()).toContain('user'));

    server.add(approved);
    stream.event('message', { kind: 'notification' });
    expect(await screen.findByText('Identity verification')).toBeInTheDocument();

    await act(() => changeLanguage('de'));
    expect(await screen.findByText('Identitätsprüfung')).toBeInTheDocument();
    const german = server.sent.filter((r) => r.url.includes('/api/messages?') && r.headers['lang'] === 'de');
    expect(german.length).toBeGreaterThan(0);
    await act(() => changeLanguage('en'));
  });

  it('puts the unread count on the "Me" tab and on the Messages row, and updates it live', async () => {
    logIn();
    const server = serve([approved]);
    renderApp('/my');
    const tabs = await screen.findByRole('navigation');
    const meTab = within(tabs).getByRole('link', { name: /Me/ });
    expect(await within(meTab).findByRole('status', { name: '1 unread' })).toHaveTextContent('1');
    const row = await screen.findByRole('link', { name: /Messages/ });
    expect(within(row).getByRole('status', { name: '1 unread' })).toBeInTheDocument();

    await waitFor(() => expect(stream.subscribed()).toContain('user'));
    server.add({ ...approved, id: 5 });
    stream.event('message', { kind: 'notification' });
    expect(await within(meTab).findByRole('status', { name: '2 unread' })).toHaveTextContent('2');

    for (const m of server.store) m.read = true;
    stream.event('message', { kind: 'announcement' });
    await waitFor(() => expect(within(meTab).queryByRole('status')).toBeNull());
  });
});
