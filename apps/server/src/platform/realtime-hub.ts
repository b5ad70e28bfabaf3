/**
 * Topic-based fan-out of already-serialized messages (quote updates, a user's events). The default
 * hub lives in this process; a Redis pub/sub hub implements the same interface when several API
 * instances run behind a load balancer, so publishers and the WebSocket stream never know which.
 */
export interface RealtimeHub {
  /** Delivers `message` to every listener of `topic` (in every instance, for a shared hub). */
  publish(topic: string, message: string): void;
  /**
   * False when nobody can hear `topic` (so a publisher may skip serializing the message). A shared
   * hub cannot know about the other instances and does not implement it: always publish there.
   */
  hasListeners?(topic: string): boolean;
  /** Listens to one topic; returns the function that stops listening. */
  subscribe(topic: string, listener: (message: string) => void): () => void;
  /**
   * Resolves once every subscription made so far is live, so a publish after it is received. A
   * hub whose subscriptions take effect at once (the in-process one) need not implement it.
   */
  flush?(): Promise<void>;
  /**
   * Sends a notice between instances (a session revoked …) to every instance's notice listeners,
   * this one's included. Notices travel apart from the client topics and are not counted among
   * their listeners.
   */
  notify(channel: string, message: string): void;
  /** Listens to one notice channel; returns the function that stops listening. */
  onNotice(channel: string, listener: (message: string) => void): () => void;
  close(): Promise<void>;
}

type Listener = (message: string) => void;

/** Listeners by name: the bookkeeping both hubs keep for topics and for notices. */
export class ListenerRegistry {
  private readonly byName = new Map<string, Set<Listener>>();

  /** Adds a listener; `first` runs when the name gets its first one, `last` when it loses its last. */
  add(name: string, listener: Listener, hooks: { first?: () => void; last?: () => void } = {}): () => void {
    let set = this.byName.get(name);
    if (!set) {
      set = new Set();
      this.byName.set(name, set);
      hooks.first?.();
    }
    set.add(listener);
    return () => {
      const current = this.byName.get(name);
      if (!current?.delete(listener) || current.size > 0) return;
      this.byName.delete(name);
      hooks.last?.();
    };
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  deliver(name: string, message: string): void {
    const set = this.byName.get(name);
    if (!set) return;
    for (const listener of set) listener(message);
  }

  /** Names with at least one listener. */
  get size(): number {
    return this.byName.size;
  }

  /** Listeners over all names. */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.byName.values()) count += set.size;
    return count;
  }

  clear(): void {
    this.byName.clear();
  }
}

export class InProcessHub implements RealtimeHub {
  private readonly topics = new ListenerRegistry();
  private readonly notices = new ListenerRegistry();

  hasListeners(topic: string): boolean {
    return this.topics.has(topic);
  }

  publish(topic: string, message: string): void {
    this.topics.deliver(topic, message);
  }

  subscribe(topic: string, listener: Listener): () => void {
    return this.topics.add(topic, listener);
  }

  notify(channel: string, message: string): void {
    this.notices.deliver(channel, message);
  }

  onNotice(channel: string, listener: Listener): () => void {
    return this.notices.add(channel, listener);
  }

  /** Number of topics with at least one listener (for tests and metrics). */
  get topicCount(): number {
    return this.topics.size;
  }

  /** Number of listeners over all topics (for tests and metrics). */
  get listenerCount(): number {
    return this.topics.listenerCount;
  }

  close(): Promise<void> {
    this.topics.clear();
    this.notices.clear();
    return Promise.resolve();
  }
}
