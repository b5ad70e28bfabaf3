import { formatMoney } from '@bourse/shared/format';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../../ui/text-field';
import { useLanguage } from '../../../ui/use-language';

export interface AmountFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** The deployment's currency code, shown beside the input. */
  currency: string;
  error?: string | undefined;
  /** The limits that apply (minimum, what may be withdrawn), shown under the input. */
  hint?: string | undefined;
  label?: string;
}

/**
 * An amount of money: a text input with the decimal keypad (a number input would turn "10,5" into
 * nothing and accept "1e3"); the form checks and normalizes what was typed.
 */
export function AmountField({ id, value, onChange, currency, error, hint, label }: AmountFieldProps) {
  const { t } = useTranslation();
  const lang = useLanguage();
  return (
    <TextField
      id={id}
      label={label ?? t('wallet.amount')}
      inputMode="decimal"
      autoComplete="off"
      spellCheck={false}
      maxLength={18}
      // "0.00" written the way the interface language writes it ("0,00" in German).
      placeholder={formatMoney('0', { lang })}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error}
      hint={hint}
      addon={currency ? <span className="text-field-addon amount-field-currency">{currency}</span> : undefined}
    />
  );
}
