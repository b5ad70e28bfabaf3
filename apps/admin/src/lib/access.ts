import { INVESTOR_MONEY_ROLES, type OperatorRole } from '@bourse/shared/schemas/admin';

/**
 * Which roles may open each section. Mirrors the server's role checks so the console only offers
 * what the operator's role needs (DESIGN §4); the server stays the authority and answers 403 anyway.
 */
export const SECTION_ROLES = {
  invitations: ['admin', 'support'],
  // Identity documents are for compliance only; an administrator without the role does not see them.
  kyc: ['compliance'],
  withdrawals: ['admin', 'finance'],
  payments: ['admin', 'finance'],
  // Every role that serves investors needs to look an investor up.
  users: ['admin', 'finance', 'compliance', 'support'],
  // Orders and fills carry amounts: the roles that see investors' money, not support (DESIGN §4).
  orders: INVESTOR_MONEY_ROLES,
  // Instruments decide what investors see and trade: the administrator's.
  instruments: ['admin'],
  // New issues and block trades hold and capture investors' cash: the money roles that decide on it.
  ipo: ['admin', 'finance'],
  blockTrades: ['admin', 'finance'],
  // Loans pay principal out of the firm's money: the money roles decide on them.
  loans: ['admin', 'finance'],
  ledger: ['admin', 'finance'],
  settings: ['admin', 'finance'],
  // Point rules and level tiers: finance and administrators change them, compliance reads them.
  members: INVESTOR_MONEY_ROLES,
  // The balance fund's rate is a money decision; the business calendar dates every T+1 (issue 14).
  fund: ['admin', 'finance'],
  calendar: ['admin'],
  // Announcements reach investors' message centres: administrators and support (issue 15).
  announcements: ['admin', 'support'],
  // News is written and its feeds configured by administrators and customer service (issue 15).
  news: ['admin', 'support'],
  // Closing an investor's account ends the relationship: an account-security and compliance decision.
  closures: ['admin', 'compliance'],
  audit: ['admin'],
  // Customer service (issue 15): the support inbox and its canned replies.
  support: ['admin', 'support'],
  cannedReplies: ['admin', 'support'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Section = keyof typeof SECTION_ROLES;

/**
 * Sections in menu order. The first one a role opens is its start page, so each role lands on its
 * own work: support and administrators on invitation codes, compliance on the identity queue,
 * finance on the withdrawal queue.
 */
export const SECTIONS: readonly Section[] = [
  'invitations',
  'kyc',
  'withdrawals',
  'payments',
  'users',
  'support',
  'cannedReplies',
  'orders',
  'instruments',
  'ipo',
  'blockTrades',
  'loans',
  'ledger',
  'settings',
  'members',
  'fund',
  'calendar',
  'announcements',
  'news',
  'closures',
  'audit',
];

/** Actions inside a section that only some of the roles opening it may take. */
export const ACTION_ROLES = {
  // Freezing signs an investor out everywhere: an account-security and compliance measure.
  freezeUser: ['admin', 'compliance'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Action = keyof typeof ACTION_ROLES;

export function canAccess(roles: readonly OperatorRole[], section: Section): boolean {
  const allowed: readonly OperatorRole[] = SECTION_ROLES[section];
  return roles.some((role) => allowed.includes(role));
}

export function canPerform(roles: readonly OperatorRole[], action: Action): boolean {
  const allowed: readonly OperatorRole[] = ACTION_ROLES[action];
  return roles.some((role) => allowed.includes(role));
}

export function accessibleSections(roles: readonly OperatorRole[]): Section[] {
  return SECTIONS.filter((section) => canAccess(roles, section));
}
