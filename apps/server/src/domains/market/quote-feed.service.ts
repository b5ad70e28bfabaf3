import { DEFAULT_EXCHANGE } from '@bourse/shared/exchanges';
import type { Quote } from '@bourse/shared/schemas/market';
import type { AppContext } from '../../platform/context.ts';
import type { LiveQuote } from '../../platform/market-data-provider.ts';
import { toQuote } from './market.service.ts';

export { quoteTopic } from './quote-topic.ts';
import { quoteTopic } from './quote-topic.ts';

/**
 * Turns the provider's price changes into stream messages: for each changed instrument one message
 * on `quotes:<code>` carrying only the fields that changed since the previous message, serialized
 * once for every subscriber. `at` is the real time of the tick, so clients can measure delay.
 */
export class QuoteFeed {
  private readonly lastSent = new Map<string, Quote>();
  private unsubscribe: (() => void) | null = null;

  constructor(private readonly ctx: AppContext) {}

  start(): void {
    this.unsubscribe ??= this.ctx.market.onQuotes((changed) => {
      // A follower's prices arrive through the hub already; publishing them again would double them.
      // The role is read each time: the market lease may make this instance the source later.
      if (this.ctx.market.role === 'follower') {
        this.lastSent.clear();
        return;
      }
      this.publish(changed);
    });
  }

  stop(): void {
    this.unsubscribe?.();
    this.unsubscribe = null;
  }

  /** The full current quote as a stream message, sent to a socket when it subscribes. */
  snapshot(code: string): string | null {
    const live = this.ctx.market.quote(code);
    if (!live) return null;
    const quote = toQuote(this.ctx, live);
    return JSON.stringify({ type: 'quote', topic: quoteTopic(code), at: Date.now(), snapshot: true, data: quote });
  }

  private publish(changed: readonly LiveQuote[]): void {
    const at = Date.now();
    for (const live of changed) {
      const quote = toQuote(this.ctx, live);
      const previous = this.lastSent.get(live.code);
      this.lastSent.set(live.code, quote);
      // Every update names the instrument and its exchange; the other fields only when they changed.
      const data: Partial<Quote> & { code: string; exchange: string } = {
        code: live.code,
        exchange: quote.exchange ?? DEFAULT_EXCHANGE,
      };
      let fields = 0;
      for (const key of Object.keys(quote) as (keyof Quote)[]) {
        if (key === 'code' || key === 'exchange') continue;
        if (!previous || previous[key] !== quote[key]) {
          (data as Record<string, unknown>)[key] = quote[key];
          fields++;
        }
      }
      if (fields === 0) continue;
      this.ctx.hub.publish(
        quoteTopic(live.code),
        JSON.stringify({ type: 'quote', topic: quoteTopic(live.code), at, data }),
      );
    }
  }
}
