import { stepPrice } from '@bourse/shared/price';
import { FieldMessages } from './text-field';

export interface PriceStepperProps {
  id: string;
  label: string;
  /** What was typed (kept as text, so an off-grid or half-typed price can be shown and explained). */
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  /** The accessible names of the − and + buttons (e.g. "Limit price: decrease"). */
  decreaseLabel: string;
  increaseLabel: string;
}

/** Reads a typed price as a wire price: a decimal comma as a point, without spaces ("12,3" → "12.3"). */
function wirePrice(text: string): string {
  let value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value.includes(',') && !value.includes('.')) value = value.replace(',', '.');
  if (value.startsWith('.')) value = `0${value}`;
  return value.replace(/^0+(?=\d)/, '');
}

/**
 * A price with − and + buttons around a decimal input. The buttons move along the exchange's price
 * grid (an off-grid price snaps to it in the button's direction: 12.345 → + 12.35, − 12.34); what is
 * typed is checked by the form, so an off-grid price is answered with the rule rather than changed.
 */
export function PriceStepper({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  decreaseLabel,
  increaseLabel,
}: PriceStepperProps) {
  const current = wirePrice(value);
  const step = (delta: number) => {
    const next = stepPrice(current, delta);
    if (next !== null) onChange(next);
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  const unreadable = stepPrice(current, 1) === null;
  return (
    <div className={error ? 'text-field text-field-invalid' : 'text-field'}>
      <label className="text-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="text-field-row quantity-stepper">
        <button
          type="button"
          className="quantity-stepper-button"
          aria-label={decreaseLabel}
          disabled={unreadable}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="text-field-input quantity-stepper-input"
          inputMode="decimal"
          autoComplete="off"
          spellCheck={false}
          maxLength={16}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
        <button
          type="button"
          className="quantity-stepper-button"
          aria-label={increaseLabel}
          disabled={unreadable}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <FieldMessages errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </div>
  );
}
