import { Redis } from 'ioredis';
import type { RealtimeHub } from './realtime-hub.ts';

export interface RedisHubOptions {
  url: string;
  /** Prepended to every topic to form the Redis channel name. */
  prefix?: string;
  /** Connection and command failures (the hub keeps going; ioredis reconnects and resubscribes). */
  onError?: (error: unknown) => void;
}

type Listener = (message: string) => void;

/**
 * The realtime hub shared by every API instance through Redis pub/sub: a publish on any instance
 * reaches the listeners of all of them. Each instance holds one publisher and one subscriber
 * connection; it subscribes to a topic's channel when the topic gets its first local listener and
 * unsubscribes when the last one leaves, and fans each received message out locally, so Redis
 * carries one copy of a message per instance, not per WebSocket.
 */
export class RedisHub implements RealtimeHub {
  readonly prefix: string;
  private readonly listeners = new Map<string, Set<Listener>>();
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly onError: (error: unknown) => void;
  /** SUBSCRIBE/UNSUBSCRIBE commands not yet acknowledged, for flush(). */
  private readonly inFlight = new Set<Promise<unknown>>();
  private closed = false;

  constructor(options: RedisHubOptions) {
    this.prefix = options.prefix ?? 'bourse:hub:';
    this.onError = options.onError ?? (() => undefined);
    this.publisher = new Redis(options.url, { maxRetriesPerRequest: 2 });
    this.subscriber = new Redis(options.url);
    this.publisher.on('error', this.onError);
    this.subscriber.on('error', this.onError);
    this.subscriber.on('message', (channel: string, message: string) => {
      if (!channel.startsWith(this.prefix)) return;
      const set = this.listeners.get(channel.slice(this.prefix.length));
      if (!set) return;
      for (const listener of set) listener(message);
    });
  }

  publish(topic: string, message: string): void {
    if (this.closed) return;
    this.publisher.publish(this.prefix + topic, message).catch(this.onError);
  }

  subscribe(topic: string, listener: Listener): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
      this.track(this.subscriber.subscribe(this.prefix + topic));
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(topic);
      if (!this.closed) this.track(this.subscriber.unsubscribe(this.prefix + topic));
    };
  }

  async flush(): Promise<void> {
    await Promise.all(this.inFlight);
  }

  /** Number of topics with at least one local listener (for tests and metrics). */
  get topicCount(): number {
    return this.listeners.size;
  }

  /** Number of local listeners over all topics (for tests and metrics). */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.listeners.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }

  private track(command: Promise<unknown>) {
    const settled: Promise<unknown> = command.catch(this.onError).finally(() => this.inFlight.delete(settled));
    this.inFlight.add(settled);
  }
}
