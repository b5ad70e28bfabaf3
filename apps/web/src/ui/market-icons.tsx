/** The markets' icons (search, favourites, reordering), drawn as the others in icons.tsx. */
import { Icon } from './icons';

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
