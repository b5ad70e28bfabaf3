import { render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { MoneyText } from './money-text';

function renderIn(lang: string, ui: React.ReactElement) {
  void i18n.changeLanguage(lang);
  return render(<I18nextProvider i18n={i18n}>{ui}</I18nextProvider>);
}

describe('MoneyText', () => {
  it('formats the decimal string exactly, in the interface language', () => {
    renderIn('de', <MoneyText amount="1234567.05" currency="EUR" />);
    expect(screen.getByText(/1\.234\.567,05\s€/)).toBeInTheDocument();
  });

  it('keeps digits a float would lose', () => {
    renderIn('en', <MoneyText amount="90071992547409.99" />);
    expect(screen.getByText('90,071,992,547,409.99')).toBeInTheDocument();
  });

  it('marks gains and losses when signed', () => {
    renderIn('en', <MoneyText amount="12.5" signed />);
    renderIn('en', <MoneyText amount="-3.20" signed />);
    expect(screen.getByText('+12.50')).toHaveClass('money-text-gain');
    expect(screen.getByText('-3.20')).toHaveClass('money-text-loss');
  });
});
