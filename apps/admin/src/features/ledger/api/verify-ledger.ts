import { useMutation } from '@tanstack/react-query';
import { ledgerReport } from '@bourse/shared/schemas/admin';
import { request } from '../../../lib/request.ts';

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
