import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { request } from '../../../lib/request.ts';

/** What the server's ledger verification checked, and every problem it found (empty when `ok`). */
export const ledgerReport = z.object({
  ok: z.boolean(),
  checked: z.object({
    accounts: z.number().int(),
    entries: z.number().int(),
    postings: z.number().int(),
    holds: z.number().int(),
  }),
  problems: z.array(z.string()),
});
export type LedgerReport = z.infer<typeof ledgerReport>;

/**
 * Recomputes every balance from its postings and checks every invariant on the server (the same
 * check as `npm run ledger:verify`); the run is audit-logged. A POST: it is an action, not a read.
 */
export function verifyLedger() {
  return request('/api/admin/ledger/verify', { method: 'POST', schema: ledgerReport });
}

export function useVerifyLedger() {
  return useMutation({ mutationFn: verifyLedger, meta: { errorDisplay: 'inline' } });
}
