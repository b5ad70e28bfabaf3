/** A few line icons drawn inline (decorative: the text next to them names the action). */
import type { ReactNode } from 'react';

function Icon({ children, size = 24 }: { children: ReactNode; size?: number }) {
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

export function HomeIcon() {
  return (
    <Icon>
      <path d="M3 10.5 12 3l9 7.5" />
      <path d="M5 9v11h5v-6h4v6h5V9" />
    </Icon>
  );
}

export function UserIcon() {
  return (
    <Icon>
      <circle cx="12" cy="8" r="4" />
      <path d="M4 21c0-4.4 3.6-7 8-7s8 2.6 8 7" />
    </Icon>
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

export function ChartIcon() {
  return (
    <Icon>
      <path d="M4 20h16" />
      <path d="M7 16v-5M7 9V6" />
      <rect x="5.5" y="9" width="3" height="5" rx="0.5" />
      <path d="M12 18v-3M12 9V5" />
      <rect x="10.5" y="9" width="3" height="6" rx="0.5" />
      <path d="M17 14v-2M17 7V4" />
      <rect x="15.5" y="7" width="3" height="5" rx="0.5" />
    </Icon>
  );
}

export function SearchIcon() {
  return (
    <Icon size={22}>
      <circle cx="11" cy="11" r="6.5" />
      <path d="m16 16 4.5 4.5" />
    </Icon>
  );
}

/** A star, filled when `filled` (a favorite). */
export function StarIcon({ filled = false }: { filled?: boolean }) {
  return (
    <Icon size={22}>
      <path
        d="m12 3.5 2.6 5.3 5.9.9-4.3 4.1 1 5.8L12 16.9l-5.2 2.7 1-5.8-4.3-4.1 5.9-.9L12 3.5Z"
        fill={filled ? 'currentColor' : 'none'}
      />
    </Icon>
  );
}

export function ArrowUpIcon() {
  return (
    <Icon size={18}>
      <path d="M12 19V5M6 11l6-6 6 6" />
    </Icon>
  );
}

export function ArrowDownIcon() {
  return (
    <Icon size={18}>
      <path d="M12 5v14M6 13l6 6 6-6" />
    </Icon>
  );
}

export function RemoveIcon() {
  return (
    <Icon size={18}>
      <circle cx="12" cy="12" r="9" />
      <path d="M8 12h8" />
    </Icon>
  );
}
