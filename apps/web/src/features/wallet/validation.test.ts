import { describe, expect, it } from 'vitest';
import { checkAmount, checkCardForm, isPlausibleIban, normalizeAmountInput, normalizeIban } from './validation';

const problemKey = (text: string, bounds?: { minimum?: string; maximum?: string }) => {
  const result = checkAmount(text, bounds);
  return result.ok ? null : result.problem.key;
};

describe('checkAmount', () => {
  it('gives the wire amount with two decimals', () => {
    expect(checkAmount('25')).toEqual({ ok: true, amount: '25.00', minor: 2500 });
    expect(checkAmount(' 25,5 ')).toEqual({ ok: true, amount: '25.50', minor: 2550 });
    expect(checkAmount('.5')).toEqual({ ok: true, amount: '0.50', minor: 50 });
    expect(checkAmount('007.05')).toEqual({ ok: true, amount: '7.05', minor: 705 });
    expect(checkAmount('1 000')).toEqual({ ok: true, amount: '1000.00', minor: 100000 });
    // Digits a float would round away stay exact.
    expect(checkAmount('999999999999.99')).toEqual({ ok: true, amount: '999999999999.99', minor: 99999999999999 });
  });

  it('refuses empty, malformed, signed, zero and over-precise amounts', () => {
    expect(problemKey('')).toBe('wallet.validation.amountRequired');
    expect(problemKey('   ')).toBe('wallet.validation.amountRequired');
    expect(problemKey('abc')).toBe('wallet.validation.amountInvalid');
    expect(problemKey('-5')).toBe('wallet.validation.amountInvalid');
    expect(problemKey('1e3')).toBe('wallet.validation.amountInvalid');
    expect(problemKey('1.000,50')).toBe('wallet.validation.amountInvalid');
    expect(problemKey('1000000000000')).toBe('wallet.validation.amountInvalid');
    expect(problemKey('0')).toBe('wallet.validation.amountZero');
    expect(problemKey('0,00')).toBe('wallet.validation.amountZero');
    expect(problemKey('1.005')).toBe('wallet.validation.amountDecimals');
  });

  it('applies the minimum and the maximum, both inclusive', () => {
    const bounds = { minimum: '20.00', maximum: '1200.50' };
    expect(checkAmount('20', bounds).ok).toBe(true);
    expect(checkAmount('1200.50', bounds).ok).toBe(true);
    expect(checkAmount('19.99', bounds)).toEqual({
      ok: false,
      problem: { key: 'wallet.validation.amountBelowMinimum', params: { minimum: '20.00' } },
    });
    expect(checkAmount('1200.51', bounds)).toEqual({
      ok: false,
      problem: { key: 'wallet.validation.amountAboveWithdrawable', params: { maximum: '1200.50' } },
    });
  });

  it('normalizes what people type', () => {
    expect(normalizeAmountInput('\u00a012,5 ')).toBe('12.5');
    expect(normalizeAmountInput('1,2,3')).toBe('1,2,3');
  });
});

describe('IBAN', () => {
  it('accepts valid IBANs however they are spaced or cased', () => {
    expect(isPlausibleIban('DE89 3704 0044 0532 0130 00')).toBe(true);
    expect(isPlausibleIban('de89370400440532013000')).toBe(true);
    expect(isPlausibleIban('GB82 WEST 1234 5698 7654 32')).toBe(true);
    expect(isPlausibleIban('NL91 ABNA 0417 1643 00')).toBe(true);
    expect(normalizeIban(' de89-3704 0044 ')).toBe('DE8937040044');
  });

  it('refuses wrong check digits and shapes', () => {
    expect(isPlausibleIban('DE89 3704 0044 0532 0130 01')).toBe(false);
    expect(isPlausibleIban('DE88 3704 0044 0532 0130 00')).toBe(false);
    expect(isPlausibleIban('DE89')).toBe(false);
    expect(isPlausibleIban('1234 5678 9012 3456')).toBe(false);
  });

  it('is part of the card form’s checks, with the required fields and the confirmation', () => {
    expect(checkCardForm({ bankName: ' ', branch: '', holderName: '', iban: '', agree: false })).toEqual({
      bankName: { key: 'common.required' },
      branch: { key: 'common.required' },
      holderName: { key: 'common.required' },
      iban: { key: 'common.required' },
      agree: { key: 'wallet.validation.agreementRequired' },
    });
    expect(
      checkCardForm({ bankName: 'B', branch: 'C', holderName: 'Ada', iban: 'DE89370400440532013001', agree: true }),
    ).toEqual({ iban: { key: 'wallet.validation.ibanInvalid' } });
    expect(
      checkCardForm({ bankName: 'B', branch: 'C', holderName: 'Ada', iban: 'DE89370400440532013000', agree: true }),
    ).toEqual({});
  });
});
