import type { ReactNode } from 'react';
import type { InstrumentListItem } from '@bourse/shared/schemas/market';
import { Link } from 'react-router-dom';
import { paths } from '../../../lib/paths';
import { useInView } from '../../../ui/use-in-view';
import { useLiveItem } from '../use-live-item';
import { useMarketFormat } from '../use-market-format';
import { ChangeText } from './change-text';
import { InstrumentBadge } from './instrument-badge';

export interface QuoteListProps {
  items: readonly InstrumentListItem[];
  /** Names the list for assistive technology. */
  label: string;
  /** A second figure under the code, e.g. the volume of a list sorted by volume. */
  secondary?: (item: InstrumentListItem) => ReactNode;
}

function QuoteRowLink({ item, secondary }: { item: InstrumentListItem; secondary?: QuoteListProps['secondary'] }) {
  const format = useMarketFormat();
  return (
    <Link className="quote-row-link" to={paths.detail.getHref(item.code)}>
      <InstrumentBadge name={item.name} code={item.code} />
      <span className="quote-row-names">
        <span className="quote-row-name">{item.name}</span>
        <span className="quote-row-code">
          {item.code}
          {secondary && <span className="quote-row-secondary"> · {secondary(item)}</span>}
        </span>
      </span>
      <span className="quote-row-last">{format.price(item.last)}</span>
      <ChangeText className="quote-row-change" value={item.changePct} kind="percent" />
    </Link>
  );
}

/** One instrument: live while on screen, a link to its detail. */
export function QuoteRow({ item, secondary }: { item: InstrumentListItem; secondary?: QuoteListProps['secondary'] }) {
  const [ref, inView] = useInView<HTMLLIElement>();
  const current = useLiveItem(item, inView);
  return (
    <li ref={ref} className="quote-row">
      <QuoteRowLink item={current} secondary={secondary} />
    </li>
  );
}

/** Instruments with last price and change in percent, each a link to its detail. */
export function QuoteList({ items, label, secondary }: QuoteListProps) {
  return (
    <ul className="quote-list" aria-label={label}>
      {items.map((item) => (
        <QuoteRow key={item.code} item={item} secondary={secondary} />
      ))}
    </ul>
  );
}
