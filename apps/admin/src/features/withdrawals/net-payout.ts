import { formatMinor, parseAmount } from '@bourse/shared/money';

/**
 * What reaches the investor's bank: the amount less the fee, both fixed when the withdrawal was
 * requested. Computed in minor units, never through floats.
 */
export function netPayout(withdrawal: { amount: string; fee: string }): string {
  const amountMinor = parseAmount(withdrawal.amount);
  const feeMinor = parseAmount(withdrawal.fee);
  if (amountMinor === null || feeMinor === null) {
    throw new Error(`not wire amounts: ${withdrawal.amount}, ${withdrawal.fee}`);
  }
  return formatMinor(amountMinor - feeMinor);
}
