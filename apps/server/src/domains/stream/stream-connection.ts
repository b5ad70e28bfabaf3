import type { WebSocket } from '@fastify/websocket';
import type { ErrorCode } from '@bourse/shared/errors';
import { translate, type MessageKey, type MessageParams } from '@bourse/shared/i18n/index';
import type { Language } from '@bourse/shared/languages';
import { streamClientMessage, type StreamClientMessage } from '@bourse/shared/schemas/market';
import type { FastifyBaseLogger } from 'fastify';
import type { AppContext } from '../../platform/context.ts';
import { AppError } from '../../platform/errors.ts';
import { authenticateOperator, type OperatorPrincipal } from '../admin/operators.service.ts';
import { authenticate, type SessionPrincipal } from '../auth/auth.service.ts';
import type { QuoteFeed } from '../market/quote-feed.service.ts';
import { isOperatorTopic, isPrivateTopic, isSessionTopic, resolveTopic, type StreamSigned } from './stream.service.ts';

/** WebSocket close codes used here (RFC 6455 §7.4.1, IANA registry). */
export const CLOSE_GOING_AWAY = 1001;
export const CLOSE_POLICY_VIOLATION = 1008;
export const CLOSE_TRY_AGAIN_LATER = 1013;

export interface StreamLimits {
  maxTopics: number;
  heartbeatMs: number;
  /** A socket with more unsent bytes than this is not keeping up and is dropped (1013). */
  maxBufferedBytes: number;
  /** Client messages waiting (behind an authentication) before the socket is closed for flooding. */
  maxPendingMessages: number;
}

interface Subscription {
  hubTopic: string;
  release: () => void;
}

let sharedText = '';
let sharedBytes = Buffer.alloc(0);

/**
 * The UTF-8 bytes of a message that goes to many sockets (a hub message, a heartbeat), encoded once:
 * the hub hands the same string to every listener in one synchronous pass, so a one-entry cache
 * turns N encodings into one.
 */
function sharedBytesOf(text: string): Buffer {
  if (text !== sharedText) {
    sharedText = text;
    sharedBytes = Buffer.from(text);
  }
  return sharedBytes;
}

/** The TCP socket under a WebSocket, whose writes can be held back and sent together. */
export interface StreamTransport {
  cork(): void;
  uncork(): void;
}

const corked: StreamConnection[] = [];

function uncorkAll() {
  for (const connection of corked.splice(0)) connection.flush();
}

function parseClientMessage(data: unknown, isBinary: boolean): StreamClientMessage | null {
  if (isBinary || !Buffer.isBuffer(data)) return null;
  let json: unknown;
  try {
    json = JSON.parse(data.toString('utf8'));
  } catch {
    return null;
  }
  const parsed = streamClientMessage.safeParse(json);
  return parsed.success ? parsed.data : null;
}

/**
 * One stream socket: its language, its session (after `auth`) and its hub subscriptions. Client
 * messages are handled one at a time in arrival order (an `auth` finishes before the `subscribe`
 * sent after it). Every hub subscription is released when the socket closes or is dropped.
 */
export class StreamConnection {
  /** When the client last showed it is alive (a message or a pong frame), epoch ms. */
  lastSeenMs = Date.now();
  private readonly subscriptions = new Map<string, Subscription>();
  private principal: SessionPrincipal | null = null;
  /** An operator (console) session instead of an investor's: the two never share a socket. */
  private operator: OperatorPrincipal | null = null;
  private token: string | null = null;
  /** An `auth` message is being handled: the session it names is not known yet. */
  private authenticating = false;
  private queue: Promise<void> = Promise.resolve();
  private pending = 0;
  private disposed = false;
  private corked = false;
  private readonly deliver = (message: string) => this.write(sharedBytesOf(message));
  /** Private messages held back while revocation notices are being checked, and how many are. */
  private held: string[] = [];
  private checksHolding = 0;
  private readonly deliverPrivate = (message: string) => {
    if (this.checksHolding > 0) this.held.push(message);
    else this.deliver(message);
  };

  constructor(
    private readonly ctx: AppContext,
    private readonly socket: WebSocket,
    private readonly transport: StreamTransport,
    private readonly options: {
      lang: Language;
      limits: StreamLimits;
      feed: QuoteFeed;
      log: FastifyBaseLogger;
      onDispose: (connection: StreamConnection) => void;
    },
  ) {
    socket.on('message', (data, isBinary) => {
      this.lastSeenMs = Date.now();
      this.enqueue(() => this.handle(parseClientMessage(data, isBinary)));
    });
    socket.on('pong', () => {
      this.lastSeenMs = Date.now();
    });
    socket.on('close', () => this.dispose());
    this.write(
      JSON.stringify({ type: 'hello', heartbeatMs: options.limits.heartbeatMs, maxTopics: options.limits.maxTopics }),
    );
  }

  /** Client topics this socket is subscribed to. */
  get topics(): string[] {
    return [...this.subscriptions.keys()];
  }

  /**
   * The periodic duty: a socket silent for three intervals is terminated; otherwise it gets the
   * heartbeat message and a ping frame, and a signed-in socket's session is checked again, so a
   * revoked or expired session stops receiving private events within one interval.
   */
  heartbeat(nowMs: number, message: string): void {
    if (this.disposed) return;
    if (nowMs - this.lastSeenMs > 3 * this.options.limits.heartbeatMs) {
      this.dispose();
      this.socket.terminate();
      return;
    }
    this.write(sharedBytesOf(message));
    if (this.socket.readyState === this.socket.OPEN) this.socket.ping();
    if (this.token !== null) this.enqueue(() => this.recheckSession());
  }

  /**
   * Re-checks the session at once (behind any message being handled) when it may belong to `userId`,
   * whose sessions were just revoked somewhere: a revoked session loses its private topics now, not
   * at the next heartbeat.
   */
  sessionsRevoked(userId: number): void {
    if (this.disposed) return;
    if (this.principal?.userId !== userId && !this.authenticating) return;
    // From the notice on, nothing private goes out until the check answers: a revoked session gets
    // none of it, a session still valid (of the same investor) gets it all, in order.
    const holder = this.principal?.userId ?? null;
    this.checksHolding++;
    this.enqueue(async () => {
      try {
        await this.recheckSession();
      } finally {
        this.checksHolding--;
        if (this.checksHolding === 0) {
          const held = this.held;
          this.held = [];
          if (this.token !== null && this.principal?.userId === holder)
            for (const message of held) this.deliver(message);
        }
      }
    });
  }

  /** Sends what was written since the socket was corked (see write). */
  flush(): void {
    if (!this.corked) return;
    this.corked = false;
    this.transport.uncork();
  }

  /** Releases everything and closes the socket with `code`. */
  close(code: number, reason: string): void {
    this.dispose();
    this.socket.close(code, reason);
  }

  private enqueue(task: () => Promise<void> | void) {
    if (this.disposed) return;
    if (this.pending >= this.options.limits.maxPendingMessages) {
      this.close(CLOSE_POLICY_VIOLATION, 'too many messages');
      return;
    }
    this.pending++;
    this.queue = this.queue.then(async () => {
      try {
        if (!this.disposed) await task();
      } catch (error) {
        this.options.log.error({ err: error }, 'stream message failed');
        this.sendError('INTERNAL');
      } finally {
        this.pending--;
      }
    });
  }

  private async handle(message: StreamClientMessage | null): Promise<void> {
    if (!message) return this.sendError('STREAM_MESSAGE_INVALID');
    switch (message.op) {
      case 'auth':
        this.authenticating = true;
        try {
          return await this.authenticate(message.token);
        } finally {
          this.authenticating = false;
        }
      case 'operator-auth':
        return this.authenticateOperator(message.token);
      case 'deauth':
        return this.forgetSession();
      case 'subscribe':
        return this.subscribe(message.topics);
      case 'unsubscribe':
        return this.unsubscribe(message.topics);
      case 'ping':
        return this.write('{"type":"pong"}');
    }
  }

  private async authenticate(token: string): Promise<void> {
    let principal: SessionPrincipal;
    try {
      principal = await authenticate(this.ctx, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.forgetSession();
      return this.sendError(error.code, error.params);
    }
    if (this.disposed) return;
    // An operator session on this socket ends before an investor's begins.
    if (this.operator !== null) this.forgetSession();
    const previousUserId = this.principal?.userId ?? null;
    this.principal = principal;
    this.token = token;
    // Signing in as someone else moves the private subscriptions to the new investor's topics.
    if (previousUserId !== principal.userId) {
      for (const [topic, subscription] of this.subscriptions) {
        if (!isPrivateTopic(topic)) continue;
        subscription.release();
        this.subscriptions.delete(topic);
        const resolved = resolveTopic(this.ctx, topic, this.signed());
        if (resolved.ok) this.listen(topic, resolved.hubTopic);
      }
    }
    this.write('{"type":"authenticated"}');
  }

  /**
   * Signs the socket in with a console session. An investor session on it ends first; a different
   * operator keeps only the operator topics their roles still allow.
   */
  private async authenticateOperator(token: string): Promise<void> {
    let operator: OperatorPrincipal;
    try {
      operator = await authenticateOperator(this.ctx, token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      this.forgetSession();
      return this.sendError(error.code, error.params);
    }
    if (this.disposed) return;
    if (this.principal !== null) this.forgetSession();
    this.operator = operator;
    this.token = token;
    const dropped: string[] = [];
    for (const [topic, subscription] of this.subscriptions) {
      if (!isOperatorTopic(topic) || resolveTopic(this.ctx, topic, this.signed()).ok) continue;
      subscription.release();
      this.subscriptions.delete(topic);
      dropped.push(topic);
    }
    if (dropped.length > 0) this.write(JSON.stringify({ type: 'unsubscribed', topics: dropped }));
    this.write('{"type":"authenticated"}');
  }

  private signed(): StreamSigned {
    if (this.principal !== null) return { kind: 'investor', userId: this.principal.userId };
    if (this.operator !== null)
      return { kind: 'operator', operatorId: this.operator.operatorId, roles: this.operator.roles };
    return { kind: 'none' };
  }

  private async recheckSession(): Promise<void> {
    if (this.token === null) return;
    try {
      if (this.operator !== null) await authenticateOperator(this.ctx, this.token);
      else await authenticate(this.ctx, this.token);
    } catch (error) {
      if (!(error instanceof AppError)) throw error;
      if (this.disposed) return;
      this.forgetSession();
      this.sendError(error.code, error.params);
    }
  }

  /** Drops the session and the private subscriptions, and tells the client which ended. */
  private forgetSession(): void {
    this.principal = null;
    this.operator = null;
    this.token = null;
    const ended: string[] = [];
    for (const [topic, subscription] of this.subscriptions) {
      if (!isSessionTopic(topic)) continue;
      subscription.release();
      this.subscriptions.delete(topic);
      ended.push(topic);
    }
    if (ended.length > 0) this.write(JSON.stringify({ type: 'unsubscribed', topics: ended }));
  }

  /**
   * Subscribes to every valid topic of the message and reports each invalid one; but a message
   * that would take the socket over its topic limit changes nothing at all.
   */
  private async subscribe(topics: readonly string[]): Promise<void> {
    const { maxTopics } = this.options.limits;
    const requested = [...new Set(topics)];
    const added = requested.filter((topic) => !this.subscriptions.has(topic)).length;
    if (topics.length > maxTopics || this.subscriptions.size + added > maxTopics) {
      return this.sendError('STREAM_TOO_MANY_TOPICS', { max: maxTopics });
    }
    const accepted: string[] = [];
    const quoteCodes: string[] = [];
    for (const topic of requested) {
      const resolved = resolveTopic(this.ctx, topic, this.signed());
      if (!resolved.ok) {
        this.sendError(resolved.error, {}, topic);
        continue;
      }
      if (!this.subscriptions.has(topic)) this.listen(topic, resolved.hubTopic);
      accepted.push(topic);
      if (resolved.quoteCode !== null) quoteCodes.push(resolved.quoteCode);
    }
    if (accepted.length === 0) return;
    // With a shared hub, wait until the subscriptions are live: nothing published after the
    // client reads `subscribed` can be missed.
    await this.ctx.hub.flush?.();
    if (this.disposed) return;
    this.write(JSON.stringify({ type: 'subscribed', topics: accepted }));
    for (const code of quoteCodes) {
      const snapshot = this.options.feed.snapshot(code);
      if (snapshot !== null) this.write(snapshot);
    }
  }

  private unsubscribe(topics: readonly string[]): void {
    const requested = [...new Set(topics)];
    for (const topic of requested) {
      this.subscriptions.get(topic)?.release();
      this.subscriptions.delete(topic);
    }
    this.write(JSON.stringify({ type: 'unsubscribed', topics: requested }));
  }

  private listen(topic: string, hubTopic: string) {
    const deliver = isSessionTopic(topic) ? this.deliverPrivate : this.deliver;
    this.subscriptions.set(topic, { hubTopic, release: this.ctx.hub.subscribe(hubTopic, deliver) });
  }

  private sendError(code: ErrorCode, params: MessageParams = {}, topic?: string) {
    const msg = translate(this.options.lang, `errors.${code}` as MessageKey, params);
    this.write(
      JSON.stringify(
        topic === undefined ? { type: 'error', error: code, msg } : { type: 'error', error: code, msg, topic },
      ),
    );
  }

  /** Sends a text frame, or drops the socket when the client does not read fast enough. */
  private write(data: string | Buffer) {
    const socket = this.socket;
    if (this.disposed || socket.readyState !== socket.OPEN) return;
    if (socket.bufferedAmount > this.options.limits.maxBufferedBytes) {
      this.options.log.info({ bufferedBytes: socket.bufferedAmount }, 'stream socket too slow: dropped');
      this.close(CLOSE_TRY_AGAIN_LATER, 'too slow');
      return;
    }
    // A tick publishes every changed instrument in one synchronous pass, so a socket gets its few
    // updates back to back: holding the TCP socket corked until the pass ends sends them in one
    // write system call instead of one each (the syscalls were most of the fan-out's cost).
    if (!this.corked) {
      this.corked = true;
      this.transport.cork();
      // nextTick, not a microtask: it runs before promise callbacks queued during the same pass
      // (the simulator's bar write, synchronous SQLite), so those cannot hold the tick's updates.
      if (corked.push(this) === 1) process.nextTick(uncorkAll);
    }
    socket.send(data, { binary: false });
  }

  private dispose() {
    if (this.disposed) return;
    this.disposed = true;
    for (const subscription of this.subscriptions.values()) subscription.release();
    this.subscriptions.clear();
    this.principal = null;
    this.operator = null;
    this.token = null;
    this.options.onDispose(this);
  }
}
