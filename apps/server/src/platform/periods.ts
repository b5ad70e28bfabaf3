/** The start of today / this week (Monday) / month / quarter / year, in UTC. */
export function periodStart(period: 'today' | 'week' | 'month' | 'quarter' | 'year', now: Date): number {
  const y = now.getUTCFullYear();
  const m = now.getUTCMonth();
  const d = now.getUTCDate();
  switch (period) {
    case 'today':
      return Date.UTC(y, m, d);
    case 'week':
      return Date.UTC(y, m, d - ((now.getUTCDay() + 6) % 7));
    case 'month':
      return Date.UTC(y, m, 1);
    case 'quarter':
      return Date.UTC(y, m - (m % 3), 1);
    case 'year':
      return Date.UTC(y, 0, 1);
  }
}
