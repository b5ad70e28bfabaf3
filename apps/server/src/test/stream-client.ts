import { WebSocket, type ClientOptions } from 'ws';

// A WebSocket client of /api/stream for tests, with helpers to wait for messages or prove their absence.

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read messages loosely; the shared schema types them elsewhere
export type Message = Record<string, any>;

/** A WebSocket client that records every message, so tests can wait for one or assert its absence. */
export class StreamClient {
  readonly raw: string[] = [];
  private readonly inbox: Message[] = [];
  private readonly waiters = new Set<() => void>();
  readonly closed: Promise<{ code: number; reason: string }>;

  private constructor(readonly socket: WebSocket) {
    // The default binaryType: every message is one Buffer.
    socket.on('message', (data: Buffer) => {
      const text = data.toString('utf8');
      this.raw.push(text);
      this.inbox.push(JSON.parse(text) as Message);
      for (const wake of this.waiters) wake();
    });
    this.closed = new Promise((resolve) => {
      socket.on('close', (code, reason) => resolve({ code, reason: reason.toString() }));
    });
  }

  static open(url: string, options: ClientOptions = {}): Promise<StreamClient> {
    return new Promise((resolve, reject) => {
      const socket = new WebSocket(url, options);
      const client = new StreamClient(socket);
      socket.once('open', () => resolve(client));
      socket.once('error', reject);
    });
  }

  /** A socket signed in with `token` and listening on the investor's `user` topic. */
  static async forUser(url: string, token: string): Promise<StreamClient> {
    const client = await StreamClient.open(url);
    await client.take((m) => m.type === 'hello');
    client.send({ op: 'auth', token });
    client.send({ op: 'subscribe', topics: ['user'] });
    await client.take((m) => m.type === 'subscribed');
    return client;
  }

  send(message: unknown) {
    this.socket.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** Waits for the first not yet taken message matching `predicate` and takes it. */
  take(predicate: (message: Message) => boolean, timeoutMs = 3_000): Promise<Message> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const index = this.inbox.findIndex(predicate);
        if (index < 0) return false;
        const [message] = this.inbox.splice(index, 1);
        this.waiters.delete(check);
        clearTimeout(timer);
        resolve(message!);
        return true;
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        reject(new Error(`no matching message in ${timeoutMs} ms; inbox: ${JSON.stringify(this.inbox).slice(0, 500)}`));
      }, timeoutMs);
      if (!check()) this.waiters.add(check);
    });
  }

  /** Messages not yet taken that match `predicate` (after giving the server `waitMs` to send more). */
  async pending(predicate: (message: Message) => boolean, waitMs = 300): Promise<Message[]> {
    await sleep(waitMs);
    return this.inbox.filter(predicate);
  }

  close() {
    this.socket.terminate();
  }
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
export const isType = (type: string) => (m: Message) => m.type === type;
export const isQuote = (topic: string) => (m: Message) => m.type === 'quote' && m.topic === topic;

export async function waitUntil(condition: () => boolean, timeoutMs = 3_000) {
  const start = Date.now();
  while (!condition()) {
    if (Date.now() - start > timeoutMs) throw new Error('condition not met in time');
    await sleep(10);
  }
}
