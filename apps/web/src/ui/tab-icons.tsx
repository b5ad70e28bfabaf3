/** The tab bar's icons (app/keep-alive-tabs.tsx), drawn as the others in icons.tsx. */
import { Icon } from './icons';

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
