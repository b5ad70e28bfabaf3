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
  close(): Promise<void>;
}

export class InProcessHub implements RealtimeHub {
  private readonly listeners = new Map<string, Set<(message: string) => void>>();

  hasListeners(topic: string): boolean {
    return this.listeners.has(topic);
  }

  publish(topic: string, message: string): void {
    const set = this.listeners.get(topic);
    if (!set) return;
    for (const listener of set) listener(message);
  }

  subscribe(topic: string, listener: (message: string) => void): () => void {
    let set = this.listeners.get(topic);
    if (!set) {
      set = new Set();
      this.listeners.set(topic, set);
    }
    set.add(listener);
    return () => {
      const current = this.listeners.get(topic);
      if (!current) return;
      current.delete(listener);
      if (current.size === 0) this.listeners.delete(topic);
    };
  }

  /** Number of topics with at least one listener (for tests and metrics). */
  get topicCount(): number {
    return this.listeners.size;
  }

  /** Number of listeners over all topics (for tests and metrics). */
  get listenerCount(): number {
    let count = 0;
    for (const set of this.listeners.values()) count += set.size;
    return count;
  }

  close(): Promise<void> {
    this.listeners.clear();
    return Promise.resolve();
  }
}
