import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { ChevronRightIcon } from './icons';

interface MenuItemBase {
  key: string;
  label: ReactNode;
  /** Shown at the end of the row, e.g. the current value. */
  extra?: ReactNode;
  danger?: boolean;
}

export type MenuItem =
  | (MenuItemBase & { kind: 'link'; to: string })
  | (MenuItemBase & { kind: 'external'; href: string })
  | (MenuItemBase & { kind: 'action'; onClick: () => void; disabled?: boolean })
  | (MenuItemBase & { kind: 'info' });

/**
 * A grouped list of rows in antd-mobile's List style, where each row is a real link or button, so
 * it can be reached and activated by keyboard and assistive technology.
 */
export function MenuList({ items, label }: { items: readonly MenuItem[]; label?: string }) {
  return (
    <ul className="menu-list" aria-label={label}>
      {items.map((item) => {
        const content = (
          <>
            <span className="menu-list-label">{item.label}</span>
            {item.extra !== undefined && <span className="menu-list-extra">{item.extra}</span>}
            {item.kind !== 'info' && <ChevronRightIcon />}
          </>
        );
        const className = item.danger ? 'menu-list-row menu-list-danger' : 'menu-list-row';
        return (
          <li key={item.key} className="menu-list-item">
            {item.kind === 'link' && (
              <Link className={className} to={item.to}>
                {content}
              </Link>
            )}
            {item.kind === 'external' && (
              <a className={className} href={item.href} target="_blank" rel="noopener noreferrer">
                {content}
              </a>
            )}
            {item.kind === 'action' && (
              <button type="button" className={className} onClick={item.onClick} disabled={item.disabled}>
                {content}
              </button>
            )}
            {item.kind === 'info' && <div className={className}>{content}</div>}
          </li>
        );
      })}
    </ul>
  );
}
