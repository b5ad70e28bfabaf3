import { useQueryClient } from '@tanstack/react-query';
import { assetsQueryOptions } from '../../lib/api/get-assets';
import { useTopic } from '../../lib/stream';

/**
 * Keeps the trading screens in step with what happens behind them: after a fill, a cancellation or
 * an expiry the server sends an `order`, `position` or `assets` event on the `user` topic, and the
 * queries that show those figures are loaded again.
 */
export function useTradingEvents(): void {
  const queryClient = useQueryClient();
  useTopic('user', (message) => {
    if (message.type !== 'event') return;
    const kind = message.event;
    if (kind === 'order') {
      void queryClient.invalidateQueries({ queryKey: ['trading', 'orders'] });
    } else if (kind === 'position') {
      for (const key of ['positions', 'position', 'holdings', 'history']) {
        void queryClient.invalidateQueries({ queryKey: ['trading', key] });
      }
    } else if (kind === 'assets') {
      void queryClient.invalidateQueries({ queryKey: assetsQueryOptions().queryKey });
      // The ticket shows the cash available.
      void queryClient.invalidateQueries({ queryKey: ['trading', 'quote'] });
    }
  });
}
