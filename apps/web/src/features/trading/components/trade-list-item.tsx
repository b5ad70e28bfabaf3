import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRightIcon } from '../../../ui/icons';
import { useTradingFormat } from '../use-trading-format';
import { FigureGrid, type Figure } from './figure-grid';
import { SignedText } from './signed-text';

export interface TradeListItemProps {
  /** Unique on the page: the item is labelled by its title. */
  titleId: string;
  title: ReactNode;
  href: string;
  /** The P/L the item leads with (floating or realized), signed, in money and percent. */
  pnl: { amount: string; pct: string };
  figures: Figure[];
  children?: ReactNode;
}

/** One row of the holdings, lots and history lists: a title, the P/L, the key figures, a link. */
export function TradeListItem({ titleId, title, href, pnl, figures, children }: TradeListItemProps) {
  const format = useTradingFormat();
  return (
    <li className="trade-item" aria-labelledby={titleId}>
      <Link className="trade-item-link" to={href}>
        <div className="trade-item-head">
          <h2 id={titleId} className="trade-item-title">
            {title}
          </h2>
          <span className="trade-item-pnl">
            <SignedText value={pnl.amount}>{format.money(pnl.amount, { signed: true })}</SignedText>
            <SignedText value={pnl.pct} className="trade-item-pct">
              {format.percent(pnl.pct, { signed: true })}
            </SignedText>
          </span>
          <ChevronRightIcon />
        </div>
        <FigureGrid items={figures} />
        {children}
      </Link>
    </li>
  );
}
