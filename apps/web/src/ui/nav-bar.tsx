import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { BackIcon } from './icons';

export interface NavBarProps {
  /** The screen's title, rendered as its level-one heading. */
  title: ReactNode;
  /** Shows the back arrow (on by default). */
  back?: boolean;
  /** Replaces the default back action (history back, or the start page when there is no history). */
  onBack?: () => void;
  left?: ReactNode;
  right?: ReactNode;
  /** Makes the right slot a button; `rightLabel` names it when the slot holds only an icon. */
  onRightClick?: () => void;
  rightLabel?: string;
}

/**
 * The top bar of a screen: back arrow, left slot, title and right slot. Built on plain buttons so
 * every control is reachable by keyboard and has an accessible name.
 */
export function NavBar({ title, back = true, onBack, left, right, onRightClick, rightLabel }: NavBarProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();

  const goBack = () => {
    if (onBack) onBack();
    // 'default' is the key of the first entry: there is no earlier screen of this app to return to.
    else if (location.key !== 'default') void navigate(-1);
    else void navigate('/', { replace: true });
  };

  return (
    <header className="nav-bar">
      <div className="nav-bar-side nav-bar-left">
        {back && (
          <button type="button" className="nav-bar-button" aria-label={t('common.back')} onClick={goBack}>
            <BackIcon />
          </button>
        )}
        {left}
      </div>
      <h1 className="nav-bar-title">{title}</h1>
      <div className="nav-bar-side nav-bar-right">
        {right !== undefined && onRightClick ? (
          <button type="button" className="nav-bar-button" aria-label={rightLabel} onClick={onRightClick}>
            {right}
          </button>
        ) : (
          right
        )}
      </div>
    </header>
  );
}
