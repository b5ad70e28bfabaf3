import type { Quote } from '@bourse/shared/schemas/market';
import { act } from '@testing-library/react';
import { replaceSharedStream, StreamClient, type StreamSocket } from '../lib/stream';

/** A WebSocket stand-in for the app's shared stream: opens at once and lets the test push messages. */
class FakeSocket implements StreamSocket {
  readyState: StreamSocket['readyState'] = 0;
  readonly sent: Record<string, unknown>[] = [];
  onopen: StreamSocket['onopen'] = null;
  onmessage: StreamSocket['onmessage'] = null;
  onclose: StreamSocket['onclose'] = null;
  onerror: StreamSocket['onerror'] = null;

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close() {
    this.readyState = 3;
  }

  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }

  receive(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }
}

/**
 * Replaces the shared stream with one over a fake socket (the rest of the client is the real one).
 * `quote` sends a quote update as the server would, `event` one of the investor's own events (on
 * `user`, or `support` for the customer-service chat).
 */
export function installFakeStream(options: { token?: string } = {}) {
  const sockets: FakeSocket[] = [];
  replaceSharedStream(
    new StreamClient({
      url: () => 'ws://bourse.test/api/stream',
      getToken: () => options.token ?? 'token-1',
      createSocket: () => {
        const socket = new FakeSocket();
        sockets.push(socket);
        // Opens on the next turn, as a real socket would.
        queueMicrotask(() => socket.open());
        return socket;
      },
    }),
  );
  const socket = () => {
    const latest = sockets.at(-1);
    if (!latest) throw new Error('nothing subscribed to the stream yet');
    return latest;
  };
  return {
    /** The topics the app has subscribed to on the latest socket. */
    subscribed: () =>
      socket().sent.flatMap((message) => (message.op === 'subscribe' ? (message.topics as string[]) : [])),
    quote(data: Partial<Quote> & { code: string }, snapshot = false) {
      act(() => socket().receive({ type: 'quote', topic: `quotes:${data.code}`, at: Date.now(), snapshot, data }));
    },
    event(event: string, data: unknown = null, topic: 'user' | 'support' = 'user') {
      act(() => socket().receive({ type: 'event', topic, at: Date.now(), event, data }));
    },
    close: () => replaceSharedStream(null),
  };
}
