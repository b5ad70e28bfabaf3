import { toneOf } from '../figures';

/**
 * A gain or loss: the text carries its sign ("+12.50", "-3.20"), so the direction does not rest on
 * colour alone; the colour (green up, red down, both AA on white) repeats it.
 */
export function SignedText({ value, children, className }: { value: string; children: string; className?: string }) {
  const tone = toneOf(value);
  const toneClass = tone === 'flat' ? '' : ` money-text-${tone}`;
  return <span className={`money-text${toneClass}${className ? ` ${className}` : ''}`}>{children}</span>;
}
