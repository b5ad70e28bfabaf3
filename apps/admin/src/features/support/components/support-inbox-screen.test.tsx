import { act, screen, waitFor, within } from '@testing-library/react';
import type {
  SupportConversationDetail,
  SupportConversationSummary,
  SupportMessage,
} from '@bourse/shared/schemas/support';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ok, stubApi, type RecordedRequest } from '../../../test/api-stub.ts';
import { SUPPORT, TOKEN, configRoute, renderApp } from '../../../test/render-app.tsx';

const MARKUP = '<img src=x onerror="window.hacked = 1">';

/** A WebSocket stand-in: records what the console sends and lets the test push server messages. */
class FakeSocket {
  static all: FakeSocket[] = [];
  readonly sent: Record<string, unknown>[] = [];
  onopen: (() => void) | null = null;
  onmessage: ((event: { data: string }) => void) | null = null;
  onclose: (() => void) | null = null;
  constructor(readonly url: string) {
    FakeSocket.all.push(this);
    queueMicrotask(() => this.onopen?.());
  }
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.onclose = null;
  }
  receive(event: string, data: unknown) {
    act(() =>
      this.onmessage?.({ data: JSON.stringify({ type: 'event', topic: 'support-inbox', at: 0, event, data }) }),
    );
  }
}

const summary: SupportConversationSummary = {
  id: 3,
  userId: 7,
  nickname: 'Ada',
  phone: '+4915123456789',
  status: 'open',
  assigneeId: null,
  assigneeName: null,
  unread: 2,
  lastMessageAt: '2026-11-23T09:00:00.000Z',
  lastText: 'Where is my deposit?',
};

const messages: SupportMessage[] = [
  {
    id: 1,
    conversationId: 3,
    author: 'investor',
    operatorName: null,
    text: MARKUP,
    attachmentUrl: null,
    createdAt: '2026-11-23T08:59:00.000Z',
  },
  {
    id: 2,
    conversationId: 3,
    author: 'investor',
    operatorName: null,
    text: 'Where is my deposit?',
    attachmentUrl: null,
    createdAt: '2026-11-23T09:00:00.000Z',
  },
];

function stubSupportServer() {
  let detail: SupportConversationDetail = {
    ...summary,
    avatar: null,
    lang: 'fr',
    messages,
    canned: [{ id: 4, lang: 'de', title: 'Einzahlung', text: 'Ihre Einzahlung ist unterwegs.' }],
  };
  return stubApi({
    ...configRoute,
    'GET /api/admin/me': () => ok(SUPPORT),
    'GET /api/admin/invitations': () => ok({ items: [], total: 0, page: 1, pageSize: 20 }),
    'GET /api/admin/support/conversations': ({ query }: RecordedRequest) =>
      ok({
        items: query.get('box') === 'unassigned' ? [summary] : [],
        total: query.get('box') === 'unassigned' ? 1 : 0,
        page: 1,
        pageSize: 20,
        unread: { unassigned: 2, mine: 0, closed: 0 },
      }),
    'GET /api/admin/support/conversations/3': () => ok(detail),
    'POST /api/admin/support/conversations/3/read': () => {
      detail = { ...detail, unread: 0 };
      return ok({ unread: 0 });
    },
    'POST /api/admin/support/conversations/3/assign': () => {
      detail = { ...detail, assigneeId: SUPPORT.id, assigneeName: SUPPORT.username };
      return ok(detail);
    },
    'POST /api/admin/support/conversations/3/messages': ({ body }) => {
      const reply: SupportMessage = {
        id: 3,
        conversationId: 3,
        author: 'operator',
        operatorName: SUPPORT.username,
        text: (body as { text: string }).text,
        attachmentUrl: null,
        createdAt: '2026-11-23T09:01:00.000Z',
      };
      detail = { ...detail, messages: [...detail.messages, reply] };
      return ok(reply);
    },
    'POST /api/admin/support/conversations/3/close': () => {
      detail = { ...detail, status: 'closed' };
      return ok(detail);
    },
    'POST /api/admin/support/conversations/3/typing': () => ok(null),
  });
}

beforeEach(() => {
  FakeSocket.all = [];
  vi.stubGlobal('WebSocket', FakeSocket);
});
afterEach(() => vi.unstubAllGlobals());

describe('support inbox', () => {
  it('lists the boxes with unread counts, opens a conversation as text, replies with a canned reply, assigns and closes', async () => {
    const api = stubSupportServer();
    const { user } = await renderApp({ token: TOKEN, path: '/support' });

    expect(await screen.findByRole('heading', { level: 1, name: 'Customer service' })).toBeInTheDocument();
    expect(await screen.findByRole('tab', { name: 'Unassigned (2)' })).toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: /Ada/ }));

    const history = await screen.findByRole('list', { name: 'Messages' });
    expect(within(history).getByText(MARKUP)).toBeInTheDocument();
    expect(history.querySelector('img')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    await waitFor(() => expect(api.calls('POST', '/api/admin/support/conversations/3/read')).toHaveLength(1));

    await user.click(screen.getByRole('button', { name: 'Assign to me' }));
    expect(await screen.findByText('Assigned to bob')).toBeInTheDocument();

    // The canned reply offered in the investor's language (here the German fallback) fills the reply.
    await user.click(screen.getByRole('combobox', { name: 'Insert a canned reply' }));
    await user.click(await screen.findByText('Einzahlung (de)'));
    expect(screen.getByRole('textbox', { name: 'Reply' })).toHaveValue('Ihre Einzahlung ist unterwegs.');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(api.calls('POST', '/api/admin/support/conversations/3/messages')).toHaveLength(1));
    expect(api.calls('POST', '/api/admin/support/conversations/3/messages')[0]!.body).toEqual({
      text: 'Ihre Einzahlung ist unterwegs.',
    });
    expect(await within(history).findByText('Ihre Einzahlung ist unterwegs.')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Close conversation' }));
    expect(await screen.findByText('This conversation is closed.')).toBeInTheDocument();
  });

  it('signs in on the stream as an operator and follows new messages and typing live', async () => {
    const api = stubSupportServer();
    const { user } = await renderApp({ token: TOKEN, path: '/support' });
    await user.click(await screen.findByRole('button', { name: /Ada/ }));
    await screen.findByRole('list', { name: 'Messages' });

    await waitFor(() => expect(FakeSocket.all[0]?.sent.length).toBe(2));
    const socket = FakeSocket.all[0]!;
    expect(socket.url).toMatch(/\/api\/stream\?lang=en$/);
    expect(socket.sent).toEqual([
      { op: 'operator-auth', token: TOKEN },
      { op: 'subscribe', topics: ['support-inbox'] },
    ]);

    socket.receive('typing', { conversationId: 3, userId: 7 });
    expect(screen.getByText('Ada is typing…')).toBeInTheDocument();

    const listCalls = api.calls('GET', '/api/admin/support/conversations').length;
    socket.receive('message', { conversationId: 3, userId: 7, message: messages[1] });
    await waitFor(() => expect(api.calls('GET', '/api/admin/support/conversations').length).toBeGreaterThan(listCalls));
    expect(screen.queryByText('Ada is typing…')).not.toBeInTheDocument();
  });
});
