import { Redis } from 'ioredis';
import { ListenerRegistry, type RealtimeHub } from './realtime-hub.ts';

export interface RedisHubOptions {
  url: string;
  /** Prepended to every topic to form the Redis channel name. */
  prefix?: string;
  /** Prepended to every notice channel; by default the topic prefix with `-notice:` for its last `:`. */
  noticePrefix?: string;
  /** Connection and command failures (the hub keeps going; ioredis reconnects and resubscribes). */
  onError?: (error: unknown) => void;
}

/**
 * The realtime hub shared by every API instance through Redis pub/sub: a publish on any instance
 * reaches the listeners of all of them. Each instance holds one publisher and one subscriber
 * connection; it subscribes to a topic's channel when the topic gets its first local listener and
 * unsubscribes when the last one leaves, and fans each received message out locally, so Redis
 * carries one copy of a message per instance, not per WebSocket.
 */
export class RedisHub implements RealtimeHub {
  readonly prefix: string;
  readonly noticePrefix: string;
  private readonly topics = new ListenerRegistry();
  private readonly notices = new ListenerRegistry();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly onError: (error: unknown) => void;
  /** SUBSCRIBE/UNSUBSCRIBE commands not yet acknowledged, for flush(). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: RedisHubOptions) {
    this.prefix = options.prefix ?? 'bourse:hub:';
    // Not under the topic prefix, so a notice channel can never be taken for a topic or the reverse.
    this.noticePrefix = options.noticePrefix ?? `${this.prefix.replace(/:$/, '')}-notice:`;
    this.onError = options.onError ?? (() => undefined);
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 2 });
    // The subscriber connection only ever sends (UN)SUBSCRIBE. ioredis writes a SUBSCRIBE made while
    // it is still connecting ahead of its own handshake, and then sends CLIENT SETINFO and the ready
    // check (INFO) on what is by then a subscriber connection: refused with "Connection in subscriber
    // mode, only subscriber commands may be used", the ready check fails, the connection is dropped
    // and subscriptions made meanwhile are lost (ioredis issue #2037). Neither command is needed here.
    this.subscriber = new Redis(options.url, { enableReadyCheck: false, disableClientInfo: true });
    this.publisher.on('error', this.onError);
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (channel.startsWith(this.noticePrefix)) this.notices.deliver(channel.slice(this.noticePrefix.length), message);
      else if (channel.startsWith(this.prefix)) this.topics.deliver(channel.slice(this.prefix.length), message);
    });
  }

  publish(topic: string, message: string): void {
    if (this.closed) return;
    this.publisher.publish(this.prefix + topic, message).catch(this.onError);
  }

  subscribe(topic: string, listener: (message: string) => void): () => void {
    return this.listen(this.topics, this.prefix + topic, topic, listener);
  }

  notify(channel: string, message: string): void {
    if (this.closed) return;
    this.publisher.publish(this.noticePrefix + channel, message).catch(this.onError);
  }

  onNotice(channel: string, listener: (message: string) => void): () => void {
    return this.listen(this.notices, this.noticePrefix + channel, channel, listener);
  }

  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** Number of topics with at least one local listener (for tests and metrics). */
  get topicCount(): number {
    return this.topics.size;
  }

  /** Number of local listeners over all topics (for tests and metrics). */
  get listenerCount(): number {
    return this.topics.listenerCount;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.topics.clear();
    this.notices.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }

  /** Holds the Redis channel subscribed while `registry` has local listeners of `name`. */
  private listen(registry: ListenerRegistry, channel: string, name: string, listener: (message: string) => void) {
    return registry.add(name, listener, {
      first: () => this.track(this.subscriber.subscribe(channel)),
      last: () => {
        if (!this.closed) this.track(this.subscriber.unsubscribe(channel));
      },
    });
  }

  private track(command: Promise<unknown>) {
    const settled: Promise<unknown> = command.catch(this.onError).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
  }
}
