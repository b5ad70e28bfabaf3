import { trendOf, useMarketFormat } from '../use-market-format';

/**
 * A price change or a change in percent, always with its sign (+ or −) so that gains and losses are
 * told apart without colour; the colour (green up, red down, both 4.5:1 or more) only repeats it.
 */
export function ChangeText({
  value,
  kind,
  className,
}: {
  value: string;
  kind: 'price' | 'percent';
  className?: string;
}) {
  const format = useMarketFormat();
  const text = kind === 'percent' ? format.percent(value) : format.change(value);
  return <span className={[`market-${trendOf(value)}`, className].filter(Boolean).join(' ')}>{text}</span>;
}
