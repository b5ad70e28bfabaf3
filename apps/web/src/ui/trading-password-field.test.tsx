import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { TradingPasswordField, tradingPasswordDigits } from './trading-password-field';

function Harness({ error }: { error?: string }) {
  const [value, setValue] = useState('');
  return (
    <TradingPasswordField
      id="pin"
      label="Trading password"
      hint="Six digits"
      value={value}
      onChange={setValue}
      error={error}
    />
  );
}

describe('TradingPasswordField', () => {
  it('is a masked numeric field that keeps six digits and nothing else', async () => {
    const user = userEvent.setup();
    render(<Harness />);
    const input = screen.getByLabelText('Trading password');
    expect(input).toHaveAttribute('type', 'password');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    expect(input).toHaveAttribute('autocomplete', 'off');
    await user.type(input, '1a2 3-45678');
    expect(input).toHaveValue('123456');
    expect(input).toHaveAccessibleDescription('Six digits');
  });

  it('ties its error to the input', () => {
    render(<Harness error="Wrong trading password" />);
    const input = screen.getByLabelText('Trading password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Wrong trading password Six digits');
  });

  it('drops everything but digits, and anything past the sixth', () => {
    expect(tradingPasswordDigits(' 12-34 ')).toBe('1234');
    expect(tradingPasswordDigits('12345678')).toBe('123456');
  });
});
