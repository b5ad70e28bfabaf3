import type { KeyboardEvent, ReactNode } from 'react';

export interface TabItem<K extends string> {
  key: K;
  label: ReactNode;
}

export interface TabListProps<K extends string> {
  items: readonly TabItem<K>[];
  value: K;
  onChange: (key: K) => void;
  /** Names the tab list for assistive technology. */
  label: string;
  /** Unique prefix of the tab and panel ids (pair with `tabPanelProps`). */
  idPrefix: string;
  className?: string;
}

const tabId = (idPrefix: string, key: string) => `${idPrefix}-tab-${key}`;

/** The attributes of the panel a TabList controls. */
export function tabPanelProps(idPrefix: string, value: string) {
  return { id: `${idPrefix}-panel`, role: 'tabpanel', 'aria-labelledby': tabId(idPrefix, value) } as const;
}

/**
 * A row of tabs following the WAI-ARIA tabs pattern: one tab stop, arrow keys move and select,
 * Home and End jump to the first and last tab.
 */
export function TabList<K extends string>({ items, value, onChange, label, idPrefix, className }: TabListProps<K>) {
  const select = (index: number) => {
    const item = items[(index + items.length) % items.length];
    if (!item) return;
    onChange(item.key);
    document.getElementById(tabId(idPrefix, item.key))?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    const moves: Record<string, number> = {
      ArrowLeft: index - 1,
      ArrowRight: index + 1,
      Home: 0,
      End: items.length - 1,
    };
    const next = moves[event.key];
    if (next === undefined) return;
    event.preventDefault();
    select(next);
  };

  return (
    <div className={['tab-list', className].filter(Boolean).join(' ')} role="tablist" aria-label={label}>
      {items.map((item, index) => (
        <button
          key={item.key}
          id={tabId(idPrefix, item.key)}
          type="button"
          role="tab"
          className="tab-list-tab"
          aria-selected={item.key === value}
          aria-controls={`${idPrefix}-panel`}
          tabIndex={item.key === value ? 0 : -1}
          onClick={() => onChange(item.key)}
          onKeyDown={(event) => onKeyDown(event, index)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
