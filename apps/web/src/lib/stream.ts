import { useCallback, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import {
  quote as quoteSchema,
  quotesTopic,
  STREAM_PRIVATE_TOPICS,
  streamServerMessage,
  type Quote,
  type StreamClientMessage,
  type StreamErrorMessage,
  type StreamEventMessage,
  type StreamQuoteMessage,
} from '@bourse/shared/schemas/market';
import { useSessionStore } from './session-store';

/**
 * The live stream (/api/stream) for the whole app: one WebSocket, shared by every screen. Screens
 * subscribe to topics (`quotes:<code>`, `user`, `support`); the first listener of a topic sends the
 * subscribe, the last one the unsubscribe. The socket signs in with the session token and again on
 * login/logout, reconnects with exponential back-off and jitter, and resubscribes everything after
 * a reconnect (the server then sends fresh quote snapshots).
 */

/** idle: no socket (nothing subscribed); reconnecting: waiting for the next attempt after a loss. */
export type StreamStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

/** What a topic's listeners receive: its quotes or events, and errors about that topic. */
export type StreamTopicMessage = StreamQuoteMessage | StreamEventMessage | (StreamErrorMessage & { topic: string });
export type TopicListener = (message: StreamTopicMessage) => void;

/** The part of the browser WebSocket the client uses; tests give it a fake. */
export type StreamSocket = Pick<
  WebSocket,
  'readyState' | 'send' | 'close' | 'onopen' | 'onmessage' | 'onclose' | 'onerror'
>;

export interface StreamClientOptions {
  url: () => string;
  createSocket?: (url: string) => StreamSocket;
  /** The session token to sign in with when the socket opens. */
  getToken?: () => string | null;
  /** Uniform in [0, 1), for the jitter. */
  random?: () => number;
  /** First reconnect delay ceiling; doubles per failed attempt up to maxDelayMs. */
  baseDelayMs?: number;
  maxDelayMs?: number;
  /** The socket closes this long after the last listener left (and reopens with the next one). */
  idleCloseMs?: number;
}

const OPEN = 1;
/** Normal closure (RFC 6455): the client meant to close. */
const CLOSE_NORMAL = 1000;

interface Entry {
  listener: TopicListener;
}

function isPrivate(topic: string): boolean {
  return (STREAM_PRIVATE_TOPICS as readonly string[]).includes(topic);
}

export class StreamClient {
  private socket: StreamSocket | null = null;
  private readonly topics = new Map<string, Set<Entry>>();
  private status: StreamStatus = 'idle';
  private readonly statusListeners = new Set<() => void>();
  private token: string | null;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private idleTimer: ReturnType<typeof setTimeout> | null = null;
  private silenceTimer: ReturnType<typeof setTimeout> | null = null;
  /** Three server heartbeat intervals (from its hello): silence that long means a dead connection. */
  private silenceLimitMs: number | null = null;
  private readonly createSocket: (url: string) => StreamSocket;
  private readonly random: () => number;
  private readonly baseDelayMs: number;
  private readonly maxDelayMs: number;
  private readonly idleCloseMs: number;

  constructor(private readonly options: StreamClientOptions) {
    this.createSocket = options.createSocket ?? ((url) => new WebSocket(url));
    this.random = options.random ?? Math.random;
    this.baseDelayMs = options.baseDelayMs ?? 500;
    this.maxDelayMs = options.maxDelayMs ?? 30_000;
    this.idleCloseMs = options.idleCloseMs ?? 30_000;
    this.token = options.getToken?.() ?? null;
  }

  getStatus(): StreamStatus {
    return this.status;
  }

  onStatusChange(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Listens to a topic until the returned function is called; opens the socket when needed. */
  subscribe(topic: string, listener: TopicListener): () => void {
    const entry: Entry = { listener };
    let entries = this.topics.get(topic);
    if (!entries) {
      entries = new Set();
      this.topics.set(topic, entries);
      if (this.mayRequest(topic)) this.send({ op: 'subscribe', topics: [topic] });
    }
    entries.add(entry);
    this.clearTimer('idleTimer');
    if (!this.socket && !this.reconnectTimer) this.connect();
    return () => {
      const current = this.topics.get(topic);
      if (!current?.delete(entry) || current.size > 0) return;
      this.topics.delete(topic);
      if (this.mayRequest(topic)) this.send({ op: 'unsubscribe', topics: [topic] });
      if (this.topics.size === 0) this.becomeIdleSoon();
    };
  }

  /** Signs the socket in (token) or out (null): private topics follow the session. */
  setToken(token: string | null): void {
    if (token === this.token) return;
    this.token = token;
    if (!this.isOpen()) return;
    if (token === null) {
      this.send({ op: 'deauth' });
      return;
    }
    this.send({ op: 'auth', token });
    const privateTopics = [...this.topics.keys()].filter(isPrivate);
    if (privateTopics.length > 0) this.send({ op: 'subscribe', topics: privateTopics });
  }

  /** Skips the wait before the next reconnect attempt (the device came back online). */
  reconnectNow(): void {
    if (!this.reconnectTimer) return;
    this.clearTimer('reconnectTimer');
    this.connect();
  }

  /** Closes the socket for good (until the next subscribe). */
  close(): void {
    this.clearTimer('reconnectTimer');
    this.clearTimer('idleTimer');
    this.closeSocket();
    this.setStatus('idle');
  }

  private connect() {
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    const socket = this.createSocket(this.options.url());
    this.socket = socket;
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.attempt = 0;
      this.setStatus('open');
      if (this.token !== null) this.send({ op: 'auth', token: this.token });
      const topics = [...this.topics.keys()].filter((topic) => this.mayRequest(topic));
      if (topics.length > 0) this.send({ op: 'subscribe', topics });
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.armSilenceTimer();
      if (typeof event.data === 'string') this.dispatch(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.clearTimer('silenceTimer');
      this.scheduleReconnect();
    };
    // An error is always followed by a close, which decides what happens next.
    socket.onerror = () => undefined;
  }

  private scheduleReconnect() {
    if (this.topics.size === 0) {
      this.setStatus('idle');
      return;
    }
    // "Equal jitter": half the ceiling for sure, the other half at random, so clients that lost
    // the server together do not come back together.
    const ceiling = Math.min(this.maxDelayMs, this.baseDelayMs * 2 ** this.attempt);
    const delayMs = Math.round(ceiling / 2 + this.random() * (ceiling / 2));
    this.attempt++;
    this.setStatus('reconnecting');
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.connect();
    }, delayMs);
  }

  private dispatch(text: string) {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      return;
    }
    const parsed = streamServerMessage.safeParse(json);
    if (!parsed.success) return;
    const message = parsed.data;
    switch (message.type) {
      case 'hello':
        this.silenceLimitMs = message.heartbeatMs * 3;
        this.armSilenceTimer();
        return;
      case 'quote':
      case 'event':
        return this.deliver(message.topic, message);
      case 'error':
        if (message.topic !== undefined) this.deliver(message.topic, { ...message, topic: message.topic });
        return;
      default:
        return;
    }
  }

  private deliver(topic: string, message: StreamTopicMessage) {
    const entries = this.topics.get(topic);
    if (!entries) return;
    for (const entry of [...entries]) entry.listener(message);
  }

  /** Private topics are requested only with a session (the server would refuse them otherwise). */
  private mayRequest(topic: string): boolean {
    return !isPrivate(topic) || this.token !== null;
  }

  private isOpen(): boolean {
    return this.socket !== null && this.socket.readyState === OPEN;
  }

  private send(message: StreamClientMessage) {
    // Before the socket opens nothing is sent: onopen sends the whole current state.
    if (this.isOpen()) this.socket?.send(JSON.stringify(message));
  }

  private armSilenceTimer() {
    if (this.silenceLimitMs === null) return;
    this.clearTimer('silenceTimer');
    const socket = this.socket;
    this.silenceTimer = setTimeout(() => {
      this.silenceTimer = null;
      // Nothing heard for three heartbeats: the connection is dead even if the browser has not noticed.
      if (socket !== this.socket) return;
      this.socket = null;
      socket?.close();
      this.scheduleReconnect();
    }, this.silenceLimitMs);
  }

  private becomeIdleSoon() {
    this.clearTimer('idleTimer');
    if (this.reconnectTimer) {
      this.clearTimer('reconnectTimer');
      this.setStatus('idle');
      return;
    }
    this.idleTimer = setTimeout(() => {
      this.idleTimer = null;
      if (this.topics.size > 0) return;
      this.closeSocket();
      this.setStatus('idle');
    }, this.idleCloseMs);
  }

  private closeSocket() {
    const socket = this.socket;
    this.socket = null;
    this.clearTimer('silenceTimer');
    socket?.close(CLOSE_NORMAL);
  }

  private clearTimer(name: 'reconnectTimer' | 'idleTimer' | 'silenceTimer') {
    const timer = this[name];
    if (timer) clearTimeout(timer);
    this[name] = null;
  }

  private setStatus(status: StreamStatus) {
    if (status === this.status) return;
    this.status = status;
    for (const listener of [...this.statusListeners]) listener();
  }
}

/** ws(s)://<this host>/api/stream with the interface language (for the server's error texts). */
export function streamUrl(): string {
  const scheme = window.location.protocol === 'https:' ? 'wss:' : 'ws:';
  const lang = encodeURIComponent(useSessionStore.getState().language);
  return `${scheme}//${window.location.host}/api/stream?lang=${lang}`;
}

let shared: StreamClient | null = null;
let unbindShared: (() => void) | null = null;

/** The app's one stream client, created on first use and following the session store. */
export function sharedStream(): StreamClient {
  if (shared) return shared;
  const client = new StreamClient({ url: streamUrl, getToken: () => useSessionStore.getState().token });
  const unsubscribeSession = useSessionStore.subscribe((state, previous) => {
    if (state.token !== previous.token) client.setToken(state.token);
  });
  const onOnline = () => client.reconnectNow();
  window.addEventListener('online', onOnline);
  unbindShared = () => {
    unsubscribeSession();
    window.removeEventListener('online', onOnline);
  };
  shared = client;
  return client;
}

/** Replaces the shared client (tests; null makes the next use create a fresh one). */
export function replaceSharedStream(client: StreamClient | null): void {
  shared?.close();
  unbindShared?.();
  unbindShared = null;
  shared = client;
}

/** Listens to a topic of the shared stream; returns the function that stops listening. */
export function subscribe(topic: string, listener: TopicListener): () => void {
  return sharedStream().subscribe(topic, listener);
}

const subscribeStatus = (onChange: () => void) => sharedStream().onStatusChange(onChange);
const readStatus = () => sharedStream().getStatus();
const serverStatus = (): StreamStatus => 'idle';

/** The shared stream's connection status, for an indicator. */
export function useStreamStatus(): StreamStatus {
  return useSyncExternalStore(subscribeStatus, readStatus, serverStatus);
}

/** Calls `onMessage` for every message of `topic` while mounted (no topic: nothing). */
export function useTopic(topic: string | null | undefined, onMessage: TopicListener): void {
  const latest = useRef(onMessage);
  useEffect(() => {
    latest.current = onMessage;
  });
  useEffect(() => {
    if (!topic) return;
    return subscribe(topic, (message) => latest.current(message));
  }, [topic]);
}

/** Applies a stream quote message to the latest full quote (null while none is known yet). */
export function applyQuoteMessage(base: Quote | null, message: StreamQuoteMessage): Quote | null {
  if (base && base.code === message.data.code) return { ...base, ...message.data };
  // Without a base only a complete quote (a snapshot) can be shown.
  const full = quoteSchema.safeParse(message.data);
  return full.success ? full.data : null;
}

/**
 * The live quote of an instrument: `initial` (e.g. from the detail request) until the stream says
 * more, then the snapshot and every partial update merged over the latest. Whichever of the stream's
 * and `initial`'s quotes is more recent wins (a refetch after a long disconnection).
 */
export function useLiveQuote(code: string | null | undefined, initial?: Quote): Quote | undefined {
  const [live, setLive] = useState<Quote | null>(null);
  const initialRef = useRef(initial);
  useEffect(() => {
    initialRef.current = initial;
  });
  const onMessage = useCallback(
    (message: StreamTopicMessage) => {
      if (message.type !== 'quote' || message.data.code !== code) return;
      setLive((previous) => {
        const fromProps = initialRef.current?.code === code ? initialRef.current : undefined;
        const current = previous?.code === code ? previous : null;
        const base = current && (!fromProps || current.time >= fromProps.time) ? current : (fromProps ?? null);
        return applyQuoteMessage(base, message) ?? previous;
      });
    },
    [code],
  );
  useTopic(code ? quotesTopic(code) : null, onMessage);
  const current = live?.code === code ? live : null;
  const fromProps = initial?.code === code ? initial : undefined;
  if (current && (!fromProps || current.time >= fromProps.time)) return current;
  return fromProps;
}
