import type { ReactNode } from 'react';

export interface Stat {
  key: string;
  label: ReactNode;
  value: ReactNode;
}

/** Label/value pairs (account figures) as a description list. */
export function StatList({ items, layout = 'rows' }: { items: readonly Stat[]; layout?: 'rows' | 'grid' }) {
  return (
    <dl className={`stat-list stat-list-${layout}`}>
      {items.map((item) => (
        <div key={item.key} className="stat-list-item">
          <dt>{item.label}</dt>
          <dd>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}
