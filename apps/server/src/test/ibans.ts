import { composeIBAN, isValidIBAN } from 'ibantools';

let next = 0;

/**
 * A fresh valid German IBAN for each call that still reads `DE89 •••• 3000` masked, like the one
 * the tests used to share: one IBAN may be bound by one investor only.
 */
export function uniqueTestIban(): string {
  for (;;) {
    const bban = `37040044${String(next++).padStart(6, '0')}3000`;
    const iban = composeIBAN({ countryCode: 'DE', bban });
    if (iban?.startsWith('DE89') && isValidIBAN(iban)) return iban;
  }
}
