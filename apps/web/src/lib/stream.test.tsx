import { act, renderHook } from '@testing-library/react';
import type { Quote } from '@bourse/shared/schemas/market';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useSessionStore } from './session-store';
import {
  applyQuoteMessage,
  replaceSharedStream,
  sharedStream,
  StreamClient,
  useLiveQuote,
  useStreamStatus,
  useTopic,
  type StreamSocket,
  type StreamTopicMessage,
} from './stream';

/** A WebSocket stand-in: records what the client sends; the test opens, feeds and drops it. */
class FakeSocket implements StreamSocket {
  static instances: FakeSocket[] = [];
  readyState: StreamSocket['readyState'] = 0;
  readonly sent: Record<string, unknown>[] = [];
  closedWith: number | null = null;
  onopen: StreamSocket['onopen'] = null;
  onmessage: StreamSocket['onmessage'] = null;
  onclose: StreamSocket['onclose'] = null;
  onerror: StreamSocket['onerror'] = null;

  constructor(readonly url: string) {
    FakeSocket.instances.push(this);
  }

  static latest(): FakeSocket {
    const socket = FakeSocket.instances.at(-1);
    if (!socket) throw new Error('no socket was created');
    return socket;
  }

  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }

  close(code?: number) {
    this.readyState = 3;
    this.closedWith = code ?? 1005;
  }

  open() {
    this.readyState = 1;
    this.onopen?.call(this as unknown as WebSocket, new Event('open'));
  }

  receive(message: unknown) {
    this.onmessage?.call(this as unknown as WebSocket, new MessageEvent('message', { data: JSON.stringify(message) }));
  }

  /** The connection is lost (server gone, network down). */
  drop() {
    this.readyState = 3;
    this.onerror?.call(this as unknown as WebSocket, new Event('error'));
    this.onclose?.call(this as unknown as WebSocket, new CloseEvent('close', { code: 1006 }));
  }
}

const SAP: Quote = {
  code: 'SAP',
  last: '182.50',
  bid: '182.40',
  ask: '182.60',
  open: '181.00',
  high: '183.00',
  low: '180.50',
  prevClose: '180.00',
  change: '2.50',
  changePct: '1.39',
  volume: 1_000,
  turnover: '182500.00',
  limitUp: null,
  limitDown: null,
  marketOpen: true,
  time: '2026-11-23T09:00:00.000Z',
};

function client(options: { token?: string | null; random?: () => number } = {}) {
  return new StreamClient({
    url: () => 'ws://bourse.test/api/stream',
    createSocket: (url) => new FakeSocket(url),
    getToken: () => options.token ?? null,
    random: options.random ?? (() => 0.5),
  });
}

beforeEach(() => {
  FakeSocket.instances = [];
});

afterEach(() => {
  replaceSharedStream(null);
  vi.unstubAllGlobals();
});

describe('stream client: subscriptions', () => {
  it('counts listeners per topic: the first subscribes, the last unsubscribes', () => {
    const stream = client();
    const stopA = stream.subscribe('quotes:SAP', () => undefined);
    const socket = FakeSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['quotes:SAP'] }]);

    const listener = () => undefined;
    const stopB = stream.subscribe('quotes:SAP', listener);
    // The same function twice is two subscriptions.
    const stopC = stream.subscribe('quotes:SAP', listener);
    expect(socket.sent).toHaveLength(1);
    stopA();
    stopB();
    stopB();
    expect(socket.sent).toHaveLength(1);
    stopC();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['quotes:SAP'] });
    expect(FakeSocket.instances).toHaveLength(1);
  });

  it('sends nothing before the socket opens, then auth and every topic at once', () => {
    const stream = client({ token: 'tok-1' });
    stream.subscribe('quotes:SAP', () => undefined);
    stream.subscribe('user', () => undefined);
    stream.subscribe('quotes:ASML', () => undefined);
    const socket = FakeSocket.latest();
    expect(socket.url).toBe('ws://bourse.test/api/stream');
    expect(socket.sent).toEqual([]);
    expect(stream.getStatus()).toBe('connecting');
    socket.open();
    expect(stream.getStatus()).toBe('open');
    expect(socket.sent).toEqual([
      { op: 'auth', token: 'tok-1' },
      { op: 'subscribe', topics: ['quotes:SAP', 'user', 'quotes:ASML'] },
    ]);
  });

  it('asks for private topics only with a session, and follows login and logout', () => {
    const stream = client();
    stream.subscribe('user', () => undefined);
    stream.subscribe('quotes:SAP', () => undefined);
    const socket = FakeSocket.latest();
    socket.open();
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['quotes:SAP'] }]);

    stream.setToken('tok-2');
    expect(socket.sent.slice(1)).toEqual([
      { op: 'auth', token: 'tok-2' },
      { op: 'subscribe', topics: ['user'] },
    ]);
    stream.setToken('tok-2');
    expect(socket.sent).toHaveLength(3);
    stream.setToken(null);
    expect(socket.sent.at(-1)).toEqual({ op: 'deauth' });
  });

  it('hands each topic its own quotes, events and errors, and nothing else', () => {
    const stream = client({ token: 't' });
    const sap: StreamTopicMessage[] = [];
    const user: StreamTopicMessage[] = [];
    stream.subscribe('quotes:SAP', (m) => sap.push(m));
    stream.subscribe('user', (m) => user.push(m));
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'subscribed', topics: ['quotes:SAP', 'user'] });
    socket.receive({ type: 'quote', topic: 'quotes:SAP', at: 1, data: { code: 'SAP', last: '183.00' } });
    socket.receive({ type: 'quote', topic: 'quotes:ASML', at: 1, data: { code: 'ASML', last: '600.00' } });
    socket.receive({ type: 'event', topic: 'user', at: 2, event: 'order.filled', data: { orderId: 1 } });
    socket.receive({ type: 'error', error: 'STREAM_TOPIC_UNKNOWN', msg: 'Unknown topic', topic: 'quotes:SAP' });
    socket.receive({ type: 'quote', topic: 'quotes:SAP', at: 'not a number', data: {} });
    socket.receive('not an object');
    expect(sap.map((m) => m.type)).toEqual(['quote', 'error']);
    expect(user).toEqual([{ type: 'event', topic: 'user', at: 2, event: 'order.filled', data: { orderId: 1 } }]);
  });
});

describe('stream client: reconnecting', () => {
  it('backs off exponentially from 0.5 s to 30 s with jitter, and starts over after a success', () => {
    vi.useFakeTimers();
    const stream = client({ random: () => 0.5 });
    stream.subscribe('quotes:SAP', () => undefined);
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    expect(stream.getStatus()).toBe('reconnecting');

    // Equal jitter with random 0.5: ceiling/2 + 0.5 × ceiling/2 = 0.75 × ceiling.
    const expected = [375, 750, 1_500, 3_000, 6_000, 12_000, 22_500, 22_500];
    for (const delayMs of expected) {
      const before = FakeSocket.instances.length;
      vi.advanceTimersByTime(delayMs - 1);
      expect(FakeSocket.instances).toHaveLength(before);
      vi.advanceTimersByTime(1);
      expect(FakeSocket.instances).toHaveLength(before + 1);
      FakeSocket.latest().drop();
    }

    vi.advanceTimersByTime(22_500);
    FakeSocket.latest().open();
    FakeSocket.latest().drop();
    const before = FakeSocket.instances.length;
    vi.advanceTimersByTime(374);
    expect(FakeSocket.instances).toHaveLength(before);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(before + 1);
  });

  it('spreads clients over the second half of each window (jitter)', () => {
    vi.useFakeTimers();
    const early = client({ random: () => 0 });
    const late = client({ random: () => 0.999 });
    early.subscribe('quotes:SAP', () => undefined);
    const earlySocket = FakeSocket.latest();
    late.subscribe('quotes:SAP', () => undefined);
    const lateSocket = FakeSocket.latest();
    earlySocket.drop();
    lateSocket.drop();
    vi.advanceTimersByTime(250);
    expect(FakeSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(249);
    expect(FakeSocket.instances).toHaveLength(3);
    vi.advanceTimersByTime(1);
    expect(FakeSocket.instances).toHaveLength(4);
  });

  it('resubscribes every topic and signs in again after a reconnect', () => {
    vi.useFakeTimers();
    const stream = client({ token: 'tok-3' });
    const received: StreamTopicMessage[] = [];
    stream.subscribe('quotes:SAP', (m) => received.push(m));
    stream.subscribe('user', () => undefined);
    FakeSocket.latest().open();
    const stop = stream.subscribe('quotes:ASML', () => undefined);
    stop();
    FakeSocket.latest().drop();
    vi.advanceTimersByTime(500);
    const second = FakeSocket.latest();
    expect(FakeSocket.instances).toHaveLength(2);
    second.open();
    expect(second.sent).toEqual([
      { op: 'auth', token: 'tok-3' },
      { op: 'subscribe', topics: ['quotes:SAP', 'user'] },
    ]);
    second.receive({ type: 'quote', topic: 'quotes:SAP', at: 5, snapshot: true, data: SAP });
    expect(received).toHaveLength(1);
  });

  it('treats three heartbeats of silence as a lost connection', () => {
    vi.useFakeTimers();
    const stream = client();
    stream.subscribe('quotes:SAP', () => undefined);
    const socket = FakeSocket.latest();
    socket.open();
    socket.receive({ type: 'hello', heartbeatMs: 1_000, maxTopics: 200 });
    vi.advanceTimersByTime(2_500);
    socket.receive({ type: 'heartbeat', at: 1 });
    vi.advanceTimersByTime(2_999);
    expect(socket.closedWith).toBeNull();
    vi.advanceTimersByTime(1);
    expect(socket.closedWith).toBe(1005);
    expect(stream.getStatus()).toBe('reconnecting');
    vi.advanceTimersByTime(375);
    expect(FakeSocket.instances).toHaveLength(2);
  });

  it('closes the socket some time after the last listener left and stops reconnecting', () => {
    vi.useFakeTimers();
    const stream = client();
    const stop = stream.subscribe('quotes:SAP', () => undefined);
    const socket = FakeSocket.latest();
    socket.open();
    stop();
    vi.advanceTimersByTime(29_999);
    expect(socket.closedWith).toBeNull();
    // A listener that comes back in time keeps the socket.
    const again = stream.subscribe('quotes:SAP', () => undefined);
    vi.advanceTimersByTime(60_000);
    expect(socket.closedWith).toBeNull();
    again();
    vi.advanceTimersByTime(30_000);
    expect(socket.closedWith).toBe(1000);
    expect(stream.getStatus()).toBe('idle');

    // Lost while reconnecting with nobody listening: no more attempts.
    const stopLast = stream.subscribe('quotes:SAP', () => undefined);
    FakeSocket.latest().drop();
    stopLast();
    vi.advanceTimersByTime(60_000);
    expect(FakeSocket.instances).toHaveLength(2);
    expect(stream.getStatus()).toBe('idle');
  });
});

describe('live quotes', () => {
  it('merges partial updates over the latest full quote', () => {
    const snapshot = applyQuoteMessage(null, { type: 'quote', topic: 'quotes:SAP', at: 1, snapshot: true, data: SAP });
    expect(snapshot).toEqual(SAP);
    // A partial update with nothing to merge over shows nothing.
    expect(
      applyQuoteMessage(null, { type: 'quote', topic: 'quotes:SAP', at: 2, data: { code: 'SAP', last: '1.00' } }),
    ).toBeNull();
    const updated = applyQuoteMessage(snapshot, {
      type: 'quote',
      topic: 'quotes:SAP',
      at: 2,
      data: { code: 'SAP', last: '183.10', high: '183.10', volume: 1_200, time: '2026-11-23T09:00:01.000Z' },
    });
    expect(updated).toEqual({
      ...SAP,
      last: '183.10',
      high: '183.10',
      volume: 1_200,
      time: '2026-11-23T09:00:01.000Z',
    });
  });

  it('useLiveQuote starts from the initial quote and applies snapshots and updates from the shared stream', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const initialProps: { code: string; initial: Quote | undefined } = { code: 'SAP', initial: SAP };
    const { result, rerender, unmount } = renderHook(({ code, initial }) => useLiveQuote(code, initial), {
      initialProps,
    });
    expect(result.current).toEqual(SAP);
    const socket = FakeSocket.latest();
    expect(socket.url).toBe(`ws://${window.location.host}/api/stream?lang=en`);
    act(() => socket.open());
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['quotes:SAP'] }]);

    act(() =>
      socket.receive({
        type: 'quote',
        topic: 'quotes:SAP',
        at: 3,
        data: { code: 'SAP', last: '184.00', time: '2026-11-23T09:00:02.000Z' },
      }),
    );
    expect(result.current).toEqual({ ...SAP, last: '184.00', time: '2026-11-23T09:00:02.000Z' });
    act(() =>
      socket.receive({
        type: 'quote',
        topic: 'quotes:SAP',
        at: 4,
        data: { code: 'SAP', volume: 5_000, time: '2026-11-23T09:00:03.000Z' },
      }),
    );
    expect(result.current).toEqual({ ...SAP, last: '184.00', volume: 5_000, time: '2026-11-23T09:00:03.000Z' });

    // A newer quote from a refetch wins over an older stream state.
    const refetched = { ...SAP, last: '190.00', time: '2026-11-23T10:00:00.000Z' };
    rerender({ code: 'SAP', initial: refetched });
    expect(result.current).toEqual(refetched);

    // Another instrument: the old topic is released, the new one requested.
    rerender({ code: 'ASML', initial: undefined });
    expect(result.current).toBeUndefined();
    expect(socket.sent.slice(1)).toEqual([
      { op: 'unsubscribe', topics: ['quotes:SAP'] },
      { op: 'subscribe', topics: ['quotes:ASML'] },
    ]);
    expect(FakeSocket.instances).toHaveLength(1);
    act(() =>
      socket.receive({ type: 'quote', topic: 'quotes:ASML', at: 5, snapshot: true, data: { ...SAP, code: 'ASML' } }),
    );
    expect(result.current?.code).toBe('ASML');
    unmount();
    expect(socket.sent.at(-1)).toEqual({ op: 'unsubscribe', topics: ['quotes:ASML'] });
  });

  it('useTopic and useStreamStatus share one socket that signs in and out with the session store', () => {
    vi.stubGlobal('WebSocket', FakeSocket);
    const events: StreamTopicMessage[] = [];
    const { result } = renderHook(() => {
      useTopic('user', (m) => events.push(m));
      useTopic('quotes:SAP', () => undefined);
      return useStreamStatus();
    });
    expect(FakeSocket.instances).toHaveLength(1);
    expect(result.current).toBe('connecting');
    const socket = FakeSocket.latest();
    act(() => socket.open());
    expect(result.current).toBe('open');
    expect(socket.sent).toEqual([{ op: 'subscribe', topics: ['quotes:SAP'] }]);

    act(() =>
      useSessionStore.getState().signIn({
        token: 'session-token',
        userInfo: {
          id: 7,
          phone: '+4915123456789',
          nickname: 'Ada',
          avatar: null,
          lang: 'en',
          kycStatus: 'none',
          level: 1,
          creditPoints: 100,
          hasTradingPassword: false,
          createdAt: '2026-01-01T00:00:00.000Z',
        },
      }),
    );
    expect(socket.sent.slice(1)).toEqual([
      { op: 'auth', token: 'session-token' },
      { op: 'subscribe', topics: ['user'] },
    ]);
    act(() => socket.receive({ type: 'event', topic: 'user', at: 1, event: 'order.filled', data: {} }));
    expect(events).toHaveLength(1);
    act(() => useSessionStore.getState().clearSession());
    expect(socket.sent.at(-1)).toEqual({ op: 'deauth' });
    expect(sharedStream()).toBe(sharedStream());
  });
});
