/**
 * A few line icons drawn inline (decorative: the text next to them names the action). The tab bar's and
 * the markets' are in modules of their own (tab-icons.tsx, market-icons.tsx): a screen's chunk carries
 * the icons it shows, the login's two of these (docs/performance.md, "First screen").
 */
import type { ReactNode } from 'react';

export function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
  return (
    <svg
      className="icon"
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {children}
    </svg>
  );
}

export function BackIcon() {
  return (
    <Icon>
      <path d="M15 5 8 12l7 7" />
    </Icon>
  );
}

export function ChevronRightIcon() {
  return (
    <Icon size={18}>
      <path d="m9 5 7 7-7 7" />
    </Icon>
  );
}

export function GlobeIcon() {
  return (
    <Icon size={20}>
      <circle cx="12" cy="12" r="9" />
      <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon size={20}>
      <path d="m5 12.5 4.5 4.5L19 7.5" />
    </Icon>
  );
}
