import type { MemberStanding } from '@bourse/shared/schemas/members';

const TIERS = ['0.00', '10000.00', '50000.00', '200000.00', '1000000.00'];
/** What the server names the levels in the request's language (the screen translates by number). */
export const LEVEL_NAMES = ['Basic', 'Silver', 'Gold', 'Platinum', 'Diamond'];

/** A member standing as `GET /api/members/standing` answers it, for a level and total assets. */
export function sampleStanding(
  level: number,
  totalAssets: string,
  extra: Partial<MemberStanding> = {},
): MemberStanding {
  const next = level < 5 ? { level: level + 1, name: LEVEL_NAMES[level]!, minTotalAssets: TIERS[level]! } : null;
  const missing = next ? Math.max(0, Number(next.minTotalAssets) - Number(totalAssets)).toFixed(2) : '0.00';
  return {
    creditPoints: 200,
    level,
    levelName: LEVEL_NAMES[level - 1]!,
    totalAssets,
    currency: 'EUR',
    tiers: TIERS.map((minTotalAssets, index) => ({
      level: index + 1,
      name: LEVEL_NAMES[index]!,
      minTotalAssets,
      reached: Number(totalAssets) >= Number(minTotalAssets),
    })),
    nextLevel: next ? { ...next, missing } : null,
    reviewedOn: '2026-11-25',
    ...extra,
  };
}
