import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SupportHistory, SupportMessage } from '@bourse/shared/schemas/support';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { useSessionStore } from '../../../lib/session-store';
import { installFakeStream } from '../../../test/fake-stream';
import { mockFetch, ok, type SentRequest } from '../../../test/fetch-mock';
import { renderApp, sampleConfig, sampleSupport, sampleUser } from '../../../test/render-app';

const MARKUP = '<script>window.hacked = 1</script><img src=x onerror="window.hacked = 2">';

function msg(overrides: Partial<SupportMessage> & { id: number }): SupportMessage {
  return {
    conversationId: 3,
    author: 'investor',
    operatorName: null,
    text: `message ${overrides.id}`,
    attachmentUrl: null,
    createdAt: '2026-11-23T09:00:00.000Z',
    ...overrides,
  };
}

function historyOf(messages: SupportMessage[], overrides: Partial<SupportHistory> = {}): SupportHistory {
  return {
    messages,
    hasMore: false,
    unread: 0,
    conversation: { id: 3, status: 'open', assigneeName: 'anna' },
    ...overrides,
  };
}

function logIn() {
  useSessionStore.getState().signIn({ token: 'token-1', userInfo: sampleUser });
  useSessionStore.getState().setConfig({ ...sampleConfig, kf_url: '#/customerService' });
}

const sentTo = (sent: SentRequest[], route: string) =>
  sent.filter((r) => `${r.method} ${r.url.split('?')[0]}` === route);

let stream: ReturnType<typeof installFakeStream>;
beforeEach(() => {
  stream = installFakeStream();
  let n = 0;
  Object.defineProperty(URL, 'createObjectURL', {
    configurable: true,
    writable: true,
    value: () => `blob:chat-${++n}`,
  });
  Object.defineProperty(URL, 'revokeObjectURL', { configurable: true, writable: true, value: () => undefined });
});
afterEach(() => stream.close());

describe('customer service (/customerService, /cms/web)', () => {
  it('shows the history as text, the hours with a note outside them, and marks the replies read', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok({ ...sampleSupport, online: false }),
      'GET /api/support/messages': () =>
        ok(
          historyOf(
            [
              msg({ id: 10, text: MARKUP }),
              msg({ id: 11, author: 'operator', operatorName: 'anna', text: 'Hello, how can I help?' }),
            ],
            { unread: 1 },
          ),
        ),
      'POST /api/support/read': () => ok({ unread: 0 }),
    });
    renderApp('/customerService');

    const list = await screen.findByRole('list', { name: 'Conversation' });
    // The markup is shown as characters; no element was made from it.
    expect(within(list).getByText(MARKUP)).toBeInTheDocument();
    expect(document.querySelector('.chat-list script, .chat-list img[onerror]')).toBeNull();
    expect((window as { hacked?: number }).hacked).toBeUndefined();
    expect(within(list).getByText('Hello, how can I help?')).toBeInTheDocument();
    expect(screen.getByText('anna is looking after you')).toBeInTheDocument();
    expect(await screen.findByText('Opening hours: Mon–Fri 08:00–20:00')).toBeInTheDocument();
    expect(screen.getByText(/outside our opening hours/)).toBeInTheDocument();
    await waitFor(() => expect(sentTo(sent, 'POST /api/support/read')).toHaveLength(1));
  });

  it('loads earlier messages before the oldest one shown', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      'GET /api/support/messages': (request) =>
        request.url.includes('before=20')
          ? ok(historyOf([msg({ id: 5, text: 'the first question' })]))
          : ok(historyOf([msg({ id: 20, text: 'a later question' })], { hasMore: true })),
    });
    renderApp('/cms/web');
    await screen.findByText('a later question');
    await userEvent.click(screen.getByRole('button', { name: 'Load earlier messages' }));
    expect(await screen.findByText('the first question')).toBeInTheDocument();
    const texts = [...document.querySelectorAll('.chat-text')].map((node) => node.textContent);
    expect(texts).toEqual(['the first question', 'a later question']);
    expect(sentTo(sent, 'GET /api/support/messages').map((r) => r.url)).toContainEqual(
      expect.stringContaining('before=20'),
    );
    expect(screen.queryByRole('button', { name: 'Load earlier messages' })).not.toBeInTheDocument();
  });

  it('shows the empty state, then sends a text and an image with its preview', async () => {
    logIn();
    // The fake server keeps what was sent, as the real one does (the screen refetches after sending).
    const stored: SupportMessage[] = [];
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      'GET /api/support/messages': () => ok(historyOf([...stored], stored.length ? {} : { conversation: null })),
      'POST /api/support/messages': (request) => {
        const body = request.body as { text?: string; attachmentId?: number };
        const message = msg({
          id: 30 + stored.length,
          text: body.text ?? null,
          attachmentUrl: body.attachmentId ? `/api/support/attachments/${body.attachmentId}` : null,
        });
        stored.push(message);
        return ok(message);
      },
      'GET /api/support/attachments/9': () =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } }),
      'POST /api/support/attachments': () => ok({ id: 9, url: '/api/support/attachments/9' }),
      'POST /api/support/typing': () => ok(null),
    });
    renderApp('/customerService');
    expect(await screen.findByText(/No messages yet/)).toBeInTheDocument();

    const input = screen.getByLabelText('Your message');
    await userEvent.type(input, 'Where is my deposit?');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentTo(sent, 'POST /api/support/messages')).toHaveLength(1));
    expect(sentTo(sent, 'POST /api/support/messages')[0]!.body).toEqual({ text: 'Where is my deposit?' });
    expect(await screen.findByText('Where is my deposit?')).toBeInTheDocument();
    expect(input).toHaveValue('');
    expect(sentTo(sent, 'POST /api/support/typing').length).toBeGreaterThanOrEqual(1);

    const photo = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'receipt.jpg', { type: 'image/jpeg' });
    await userEvent.upload(screen.getByLabelText('Attach image'), photo);
    expect(screen.getByRole('img', { name: 'Preview of the image to send' })).toHaveAttribute('src', 'blob:chat-1');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(sentTo(sent, 'POST /api/support/messages')).toHaveLength(2));
    const upload = sentTo(sent, 'POST /api/support/attachments')[0]!;
    expect((upload.body as FormData).get('image')).toBeInstanceOf(File);
    expect(sentTo(sent, 'POST /api/support/messages')[1]!.body).toEqual({ attachmentId: 9 });
    await waitFor(() => expect(screen.queryByRole('img', { name: 'Preview of the image to send' })).toBeNull());
  });

  it('shows replies and the operator typing live, and loads images with the session token', async () => {
    logIn();
    const { sent } = mockFetch({
      'GET /api/user/info': () => ok(sampleUser),
      'GET /api/stock/kefu': () => ok(sampleSupport),
      'GET /api/support/messages': () =>
        ok(historyOf([msg({ id: 40, text: 'see attached', attachmentUrl: '/api/support/attachments/5' })])),
      'GET /api/support/attachments/5': () =>
        new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'content-type': 'image/jpeg' } }),
      'POST /api/support/read': () => ok({ unread: 0 }),
    });
    renderApp('/customerService');
    await screen.findByText('see attached');
    expect(await screen.findByRole('img', { name: 'Attached image' })).toHaveAttribute('src', 'blob:chat-1');
    expect(sentTo(sent, 'GET /api/support/attachments/5')[0]!.headers.token).toBe('token-1');
    await waitFor(() => expect(stream.subscribed()).toContain('support'));

    stream.event('typing', { conversationId: 3, operatorName: 'anna' }, 'support');
    expect(screen.getByText('anna is typing…')).toBeInTheDocument();
    stream.event('message', msg({ id: 41, author: 'operator', operatorName: 'anna', text: 'Found it!' }), 'support');
    expect(await screen.findByText('Found it!')).toBeInTheDocument();
    expect(screen.queryByText('anna is typing…')).not.toBeInTheDocument();
    await waitFor(() => expect(sentTo(sent, 'POST /api/support/read')).toHaveLength(1));
  });
});
