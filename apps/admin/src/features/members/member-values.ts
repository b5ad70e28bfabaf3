import { AMOUNT_PATTERN, parseAmount } from '@bourse/shared/money';
import { MEMBER_LEVELS, RULE_POINTS_MAX } from '@bourse/shared/schemas/members';

/** Whether typed points are allowed for a rule: a whole number, not zero, within the maximum, of the rule's sign. */
export function isRulePoints(text: string, deducts: boolean): boolean {
  if (!/^-?\d{1,6}$/.test(text.trim())) return false;
  const points = Number(text.trim());
  return points !== 0 && Math.abs(points) <= RULE_POINTS_MAX && points < 0 === deducts;
}

/**
 * The tiers' problem, if any, as the server would see it: each minimum an amount, level 1 at 0.00,
 * each above the one before. Answers the index of the first bad level, or null when all are good.
 */
export function firstBadTier(minimums: readonly string[]): number | null {
  if (minimums.length !== MEMBER_LEVELS.length) return 0;
  let previous = -1;
  for (const [index, text] of minimums.entries()) {
    const value = AMOUNT_PATTERN.test(text.trim()) ? parseAmount(text.trim()) : null;
    if (value === null || (index === 0 ? value !== 0 : value <= previous)) return index;
    previous = value;
  }
  return null;
}
