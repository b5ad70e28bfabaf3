import type { OperatorRole } from '@bourse/shared/schemas/admin';

/**
 * Which roles may open each section. Mirrors the server's role checks so the console only offers
 * what the operator's role needs (DESIGN §4); the server stays the authority and answers 403 anyway.
 */
export const SECTION_ROLES = {
  invitations: ['admin', 'support'],
  // Identity documents are for compliance only; an administrator without the role does not see them.
  kyc: ['compliance'],
  audit: ['admin'],
} as const satisfies Record<string, readonly OperatorRole[]>;

export type Section = keyof typeof SECTION_ROLES;

/** Sections in menu order. */
export const SECTIONS: readonly Section[] = ['invitations', 'kyc', 'audit'];

export function canAccess(roles: readonly OperatorRole[], section: Section): boolean {
  const allowed: readonly OperatorRole[] = SECTION_ROLES[section];
  return roles.some((role) => allowed.includes(role));
}

export function accessibleSections(roles: readonly OperatorRole[]): Section[] {
  return SECTIONS.filter((section) => canAccess(roles, section));
}
