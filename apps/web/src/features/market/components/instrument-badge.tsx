/** Background colours that keep white initials at 4.5:1 or more (WCAG AA). */
const BADGE_COLORS = ['#0958d9', '#0a7a45', '#ad4e00', '#531dab', '#c41d7f', '#006d75', '#1d39c4', '#595959'];

/** Two letters standing for a company: its Chinese name's first characters, or its words' initials. */
export function initialsOf(name: string, code: string): string {
  const text = name.trim() || code;
  const characters = [...text];
  if (/\p{Script=Han}/u.test(characters[0] ?? '')) return characters.slice(0, 2).join('');
  const words = text.split(/[\s&./-]+/).filter(Boolean);
  const initials = words.length > 1 ? `${[...words[0]!][0]}${[...words[1]!][0]}` : characters.slice(0, 2).join('');
  return initials.toLocaleUpperCase();
}

function colorOf(code: string): string {
  let hash = 0;
  for (const char of code) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return BADGE_COLORS[hash % BADGE_COLORS.length]!;
}

/**
 * The instrument's sign: the instruments carry no logos, so a coloured badge with initials stands
 * in for one. Decorative: the name is always written beside it.
 */
export function InstrumentBadge({ name, code }: { name: string; code: string }) {
  return (
    <span className="instrument-badge" style={{ backgroundColor: colorOf(code) }} aria-hidden="true">
      {initialsOf(name, code)}
    </span>
  );
}
