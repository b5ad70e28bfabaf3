import type { Position } from '@bourse/shared/schemas/trading';
import { useTranslation } from 'react-i18next';
import { formatUserDateTime } from '../../../ui/format-date';
import { useTradingFormat } from '../use-trading-format';

export interface LotPickerProps {
  lots: readonly Position[];
  value: number | null;
  onChange: (positionId: number) => void;
  error?: string | undefined;
}

/**
 * The position lot a sale comes from (each buy opened one), as radio buttons showing when and at
 * what price it was bought and how many of its shares can be sold now.
 */
export function LotPicker({ lots, value, onChange, error }: LotPickerProps) {
  const { t } = useTranslation();
  const format = useTradingFormat();
  const errorId = 'trade-lot-error';
  return (
    <fieldset
      className={error ? 'choice-field choice-field-invalid' : 'choice-field'}
      aria-describedby={error ? errorId : undefined}
    >
      <legend className="text-field-label">{t('trading.ticket.lot')}</legend>
      <div className="card-options">
        {lots.map((lot) => {
          const checked = lot.id === value;
          return (
            <label key={lot.id} className={checked ? 'card-option card-option-checked' : 'card-option'}>
              <input
                className="card-option-input"
                type="radio"
                name="trade-lot"
                value={lot.id}
                checked={checked}
                onChange={() => onChange(lot.id)}
              />
              <span className="card-option-bank">
                {t('trading.ticket.lotBought', {
                  time: formatUserDateTime(lot.buyTime),
                  price: format.priceInText(lot.buyPrice),
                })}
              </span>
              <span className="card-option-iban">
                {t('trading.ticket.lotShares', {
                  quantity: format.count(lot.quantity),
                  sellable: format.count(lot.sellable),
                })}
              </span>
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
