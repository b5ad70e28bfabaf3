import { forwardRef } from 'react';
import { TextField } from './text-field';

/** The trading password is six digits (`tradingPasswordPattern` in the shared schemas). */
export const TRADING_PASSWORD_LENGTH = 6;

/** Keeps only digits, at most six: the field holds a six-digit code whatever the keyboard offers. */
export function tradingPasswordDigits(value: string): string {
  return value.replace(/\D/g, '').slice(0, TRADING_PASSWORD_LENGTH);
}

export interface TradingPasswordFieldProps {
  id: string;
  label: string;
  hint?: string;
  value: string;
  /** Called with the digits typed, never anything else. */
  onChange: (value: string) => void;
  error?: string;
}

/**
 * The one input for a trading password (setting it, and confirming a withdrawal or an order): a
 * masked numeric field that password managers leave alone, taking six digits and nothing else.
 */
export const TradingPasswordField = forwardRef<HTMLInputElement, TradingPasswordFieldProps>(
  function TradingPasswordField({ id, label, hint, value, onChange, error }, ref) {
    return (
      <TextField
        ref={ref}
        id={id}
        label={label}
        type="password"
        inputMode="numeric"
        autoComplete="off"
        maxLength={TRADING_PASSWORD_LENGTH}
        hint={hint}
        error={error}
        value={value}
        onChange={(event) => onChange(tradingPasswordDigits(event.target.value))}
      />
    );
  },
);
