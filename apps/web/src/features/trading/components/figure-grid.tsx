import type { ReactNode } from 'react';

export interface Figure {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** The figures of a row in a list (quantity, prices, P/L) as a compact description list. */
export function FigureGrid({ items }: { items: readonly Figure[] }) {
  return (
    <dl className="figure-grid">
      {items.map((item) => (
        <div key={item.key} className="figure-grid-item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
