import { useTranslation } from 'react-i18next';

/** Account kinds with a name in the catalogs: the user's own (DESIGN §3) and the system accounts. */
const KNOWN_KINDS = [
  'cash',
  'frozen',
  'fund',
  'fund_pending',
  'redeem_pending',
  'loan',
  'bank_clearing',
  'fee_income',
  'market_settlement',
  'fund_pool',
  'loan_book',
  'interest_expense',
] as const;
export type AccountKind = (typeof KNOWN_KINDS)[number];

const isKnownKind = (value: string | undefined): value is AccountKind =>
  value !== undefined && (KNOWN_KINDS as readonly string[]).includes(value);

/**
 * Reads a ledger account code: `user:<id>:<kind>:<currency>` or `system:<kind>:<currency>`.
 * Null for anything else.
 */
export function parseAccountCode(code: string): { userId: number | null; kind: string } | null {
  const parts = code.split(':');
  if (parts[0] === 'user' && parts.length === 4) return { userId: Number(parts[1]), kind: parts[2] ?? '' };
  if (parts[0] === 'system' && parts.length === 3) return { userId: null, kind: parts[1] ?? '' };
  return null;
}

/**
 * An account by name where the console knows it: this user's own accounts by kind alone, system
 * accounts by theirs. Anything else (another user's account, an unknown kind) shows its exact code.
 * The exact code is always a hover away.
 */
export function AccountLabel({ code, ownerId }: { code: string; ownerId: number }) {
  const { t } = useTranslation();
  const parsed = parseAccountCode(code);
  const known =
    parsed !== null && isKnownKind(parsed.kind) && (parsed.userId === null || parsed.userId === ownerId)
      ? parsed.kind
      : null;
  if (known === null) return <code className="mono">{code}</code>;
  return <span title={code}>{t(`admin.users.accounts.${known}`)}</span>;
}
