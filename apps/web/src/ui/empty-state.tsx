import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';

/** The way out of an empty list: what the investor can do next, and where (issue 16). */
export interface EmptyAction {
  label: string;
  to: string;
}

export interface EmptyStateProps {
  /** One sentence saying what is missing and what to do about it. */
  text: ReactNode;
  /** A button to the screen where the investor does it. */
  action?: EmptyAction | undefined;
}

/**
 * The empty state every list shares: the sentence, then a button-styled link to the action. Lists on
 * RefreshList get it through its `emptyText`/`emptyAction` props; other places render it directly.
 */
export function EmptyState({ text, action }: EmptyStateProps) {
  return (
    <div className="empty-state" role="status">
      <p className="empty-state-text">{text}</p>
      {action && (
        <Link className="empty-state-action" to={action.to}>
          {action.label}
        </Link>
      )}
    </div>
  );
}
