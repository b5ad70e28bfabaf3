import { z } from 'zod';

export const OPERATOR_ROLES = ['admin', 'finance', 'compliance', 'support'] as const;
export const operatorRole = z.enum(OPERATOR_ROLES);
export type OperatorRole = z.infer<typeof operatorRole>;

/**
 * The roles that see investors' money: balances, ledger entries, positions and order amounts, bank
 * cards, and session addresses. Support sees contact and conversation data only (DESIGN §4).
 */
export const INVESTOR_MONEY_ROLES = ['admin', 'finance', 'compliance'] as const satisfies readonly OperatorRole[];

/** True when one of `roles` sees investors' money (INVESTOR_MONEY_ROLES). */
export function seesInvestorMoney(roles: readonly OperatorRole[]): boolean {
  return roles.some((role) => (INVESTOR_MONEY_ROLES as readonly OperatorRole[]).includes(role));
}

export const adminLoginBody = z.strictObject({
  username: z.string().min(1).max(64),
  password: z.string().min(1).max(128),
  totp: z.string().regex(/^\d{6}$/, 'must be 6 digits'),
});

export const operatorInfo = z.object({
  id: z.number().int(),
  username: z.string(),
  roles: z.array(operatorRole),
});
export type OperatorInfo = z.infer<typeof operatorInfo>;

export const adminLoginResponse = z.object({ token: z.string(), expiresAt: z.string(), operator: operatorInfo });

export const invitation = z.object({
  code: z.string(),
  note: z.string().nullable(),
  maxUses: z.number().int().nullable(),
  uses: z.number().int(),
  status: z.enum(['active', 'disabled']),
  createdAt: z.string(),
  createdBy: z.string().nullable(),
});
export type Invitation = z.infer<typeof invitation>;

export const createInvitationBody = z.strictObject({
  note: z.string().trim().max(200).optional(),
  maxUses: z.number().int().min(1).max(1_000_000).optional(),
});

export const invitationCodeParams = z.strictObject({ code: z.string().min(1).max(64) });

export const auditEntry = z.object({
  id: z.number().int(),
  at: z.string(),
  operator: z.string().nullable(),
  action: z.string(),
  target: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
  ip: z.string().nullable(),
});
export type AuditEntry = z.infer<typeof auditEntry>;

/** An outgoing message as the sandbox outbox keeps it (SMS, e-mail), for the console. */
export const outboxEntry = z.object({
  id: z.number().int(),
  channel: z.string(),
  recipient: z.string(),
  template: z.string(),
  body: z.string(),
  createdAt: z.string(),
});
export type OutboxEntry = z.infer<typeof outboxEntry>;

/** What `ledger:verify` found: the counts it checked and every problem, none when `ok`. */
export const ledgerReport = z.object({
  ok: z.boolean(),
  checked: z.object({ accounts: z.number(), entries: z.number(), postings: z.number(), holds: z.number() }),
  problems: z.array(z.string()),
});
export type LedgerReport = z.infer<typeof ledgerReport>;

/** The whole ledger's balances by account kind, one snapshot (a read-only check for operators and the bank test). */
export const ledgerTotals = z.object({
  totalMinor: z.number(),
  accounts: z.number(),
  byKind: z.array(
    z.object({
      kind: z.string(),
      system: z.boolean(),
      accounts: z.number(),
      balanceMinor: z.number(),
      lowestMinor: z.number(),
    }),
  ),
  negative: z.array(z.object({ code: z.string(), balanceMinor: z.number() })),
});
export type LedgerTotals = z.infer<typeof ledgerTotals>;

/** Moving the sandbox clock: by how much, and what ran because it fell due. */
export const clockAdvanceBody = z.strictObject({
  ms: z
    .number()
    .int()
    .min(1)
    .max(366 * 24 * 3_600_000),
});
export const clockAdvanceResult = z.object({
  now: z.string(),
  jobs: z.array(z.object({ name: z.string(), dueAt: z.string() })),
});
export type ClockAdvanceResult = z.infer<typeof clockAdvanceResult>;
