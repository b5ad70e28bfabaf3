import type { BankCard } from '@bourse/shared/schemas/wallet';
import { useTranslation } from 'react-i18next';

export interface CardPickerProps {
  /** Name of the radio group and prefix of its ids, unique on the page. */
  name: string;
  cards: readonly BankCard[];
  value: number | null;
  onChange: (cardId: number) => void;
  error?: string | undefined;
}

/**
 * The bound bank account to pay to or pull from, as a group of radio buttons named by bank and
 * masked IBAN. Each card shows whether it is the chosen one (a check mark, and `aria-checked`); the
 * screen decides what is chosen in advance (the withdrawal: the only card, when there is one).
 */
export function CardPicker({ name, cards, value, onChange, error }: CardPickerProps) {
  const { t } = useTranslation();
  const errorId = `${name}-error`;
  return (
    <fieldset
      className={error ? 'choice-field choice-field-invalid' : 'choice-field'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-field-label">{t('wallet.card')}</legend>
      <div className="card-options">
        {cards.map((card) => {
          const checked = card.id === value;
          return (
            <label key={card.id} className={checked ? 'card-option card-option-checked' : 'card-option'}>
              <input
                className="card-option-input"
                type="radio"
                name={name}
                value={card.id}
                checked={checked}
                aria-checked={checked}
                onChange={() => onChange(card.id)}
              />
              <span className="card-option-mark" aria-hidden="true">
                {checked ? '✓' : ''}
              </span>
              <span className="card-option-bank">{card.bankName}</span>
              <span className="card-option-iban">{card.ibanMasked}</span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} className="text-field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}
