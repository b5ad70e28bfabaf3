import { z } from 'zod';

/**
 * Credit points and member level on the wire (issue 14). Points are whole numbers earned and lost
 * by the rules of one table; the level (1..5) comes from the investor's total assets against the
 * tiers, reviewed at the end of every day.
 */
export const CREDIT_POINT_RULES = [
  'identity_verified',
  'first_deposit',
  'loan_repaid_on_time',
  'loan_repaid_late',
] as const;
export const creditPointRuleCode = z.enum(CREDIT_POINT_RULES);
export type CreditPointRuleCode = z.infer<typeof creditPointRuleCode>;

/** Rules that deduct points; the others award them. An edit keeps a rule's direction. */
export const DEDUCTING_RULES: readonly CreditPointRuleCode[] = ['loan_repaid_late'];

/** The largest number of points one rule may award or deduct. */
export const RULE_POINTS_MAX = 10_000;

export const MEMBER_LEVELS = [1, 2, 3, 4, 5] as const;

const LEVEL_NAME_KEYS = {
  1: 'members.levelNames.level1',
  2: 'members.levelNames.level2',
  3: 'members.levelNames.level3',
  4: 'members.levelNames.level4',
  5: 'members.levelNames.level5',
} as const;

/**
 * A member level's name through the app's translate function (`members.levelNames.level1` …); the
 * number itself for a level not in MEMBER_LEVELS.
 */
export function memberLevelName(
  t: (key: (typeof LEVEL_NAME_KEYS)[keyof typeof LEVEL_NAME_KEYS]) => string,
  level: number,
): string {
  return (MEMBER_LEVELS as readonly number[]).includes(level)
    ? t(LEVEL_NAME_KEYS[level as (typeof MEMBER_LEVELS)[number]])
    : String(level);
}

export const memberTier = z.object({
  level: z.number().int(),
  /** The level's name in the request's language (Basic, Silver, …). */
  name: z.string(),
  /** The least total assets that reach this level. */
  minTotalAssets: z.string(),
  /** Whether the investor's total assets reach it now. */
  reached: z.boolean(),
});
export type MemberTier = z.infer<typeof memberTier>;

/** GET /api/members/standing: points, level, the tiers and what the next level takes. */
export const memberStanding = z.object({
  creditPoints: z.number().int(),
  level: z.number().int(),
  /** The level's name in the request's language. */
  levelName: z.string(),
  totalAssets: z.string(),
  currency: z.string(),
  tiers: z.array(memberTier),
  /** The next level and the total assets still missing to it; null at the top level. */
  nextLevel: z
    .object({ level: z.number().int(), name: z.string(), minTotalAssets: z.string(), missing: z.string() })
    .nullable(),
  /** When the level was last reviewed (end of day), if ever. */
  reviewedOn: z.string().nullable(),
});
export type MemberStanding = z.infer<typeof memberStanding>;

export const creditPointEvent = z.object({
  id: z.number().int(),
  rule: creditPointRuleCode,
  /** The change applied (negative for a deduction). */
  points: z.number().int(),
  balanceAfter: z.number().int(),
  createdAt: z.string(),
});
export type CreditPointEvent = z.infer<typeof creditPointEvent>;

export const creditPointsQuery = z.strictObject({
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
});

// ── the console ─────────────────────────────────────────────────────────────────────────────────────

export const creditPointRule = z.object({
  code: creditPointRuleCode,
  points: z.number().int(),
  active: z.boolean(),
  /** Whether the rule deducts points (its points stay negative). */
  deducts: z.boolean(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type CreditPointRule = z.infer<typeof creditPointRule>;

/** `points` takes any number so the service can say precisely what is wrong with it. */
export const creditPointRulePatch = z.strictObject({
  points: z.number().optional(),
  active: z.boolean().optional(),
});
export type CreditPointRulePatch = z.infer<typeof creditPointRulePatch>;

export const ruleCodeParams = z.strictObject({ code: z.string().min(1).max(60) });

export const adminMemberTier = z.object({
  level: z.number().int(),
  minTotalAssets: z.string(),
  updatedAt: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type AdminMemberTier = z.infer<typeof adminMemberTier>;

/** Every level's minimum at once: five tiers, level 1 at 0.00, each above the one before. */
export const memberTiersBody = z.strictObject({
  tiers: z.array(z.strictObject({ level: z.number(), minTotalAssets: z.string().max(40) })).max(20),
});
export type MemberTiersBody = z.infer<typeof memberTiersBody>;

export const memberLevelChange = z.object({
  id: z.number().int(),
  fromLevel: z.number().int(),
  toLevel: z.number().int(),
  totalAssets: z.string(),
  reason: z.string(),
  businessDate: z.string(),
  createdAt: z.string(),
});
export type MemberLevelChange = z.infer<typeof memberLevelChange>;

/** GET /api/admin/members/users/:id: an investor's points and level with their latest changes. */
export const adminMemberStanding = z.object({
  userId: z.number().int(),
  creditPoints: z.number().int(),
  level: z.number().int(),
  points: z.array(creditPointEvent),
  levels: z.array(memberLevelChange),
});
export type AdminMemberStanding = z.infer<typeof adminMemberStanding>;
