import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { payment } from '@bourse/shared/schemas/wallet';
import { post } from '../../../lib/request';

export type Payment = z.infer<typeof payment>;

/** What the user asked for: a quick-payment deposit, or a transfer from one of their cards. */
export type PaymentRequest = { kind: 'deposit'; amount: string } | { kind: 'transfer'; cardId: number; amount: string };

export type StartPaymentInput = PaymentRequest & { idempotencyKey: string };

/**
 * Starts a payment into the account: POST /api/wallet/deposits (quick payment) or
 * /api/wallet/transfers (pulled from a bound card). The answer is pending with the provider's
 * checkout page, where the payer approves; the cash arrives when the provider confirms.
 */
export function startPayment(input: StartPaymentInput): Promise<Payment> {
  const options = { schema: payment, idempotencyKey: input.idempotencyKey, loading: true };
  return input.kind === 'deposit'
    ? post('/api/wallet/deposits', { amount: input.amount, method: 'quick' }, options)
    : post('/api/wallet/transfers', { cardId: input.cardId, amount: input.amount }, options);
}

export function useStartPayment() {
  return useMutation({ mutationFn: startPayment });
}
