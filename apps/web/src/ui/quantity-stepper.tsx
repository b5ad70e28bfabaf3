import { FieldMessages } from './text-field';
export interface QuantityStepperProps {
  id: string;
  label: string;
  /** What was typed (kept as text, so "0" or "" can be shown and explained). */
  value: string;
  onChange: (value: string) => void;
  min?: number;
  /** The buttons stop here; typing more is allowed and explained by the error. */
  max?: number | undefined;
  error?: string | undefined;
  hint?: string | undefined;
  /** The accessible names of the − and + buttons (e.g. "Number of lots: decrease"). */
  decreaseLabel: string;
  increaseLabel: string;
}

/**
 * A whole number with − and + buttons around a numeric input. The buttons keep within min…max; what
 * is typed is checked by the form, so a "0" is answered with the rule rather than silently changed.
 */
export function QuantityStepper({
  id,
  label,
  value,
  onChange,
  min = 1,
  max,
  error,
  hint,
  decreaseLabel,
  increaseLabel,
}: QuantityStepperProps) {
  const current = /^\d+$/.test(value.trim()) ? Number(value.trim()) : null;
  const step = (delta: number) => {
    let next = (current ?? (delta > 0 ? min - 1 : min)) + delta;
    if (next < min) next = min;
    if (max !== undefined && next > max) next = Math.max(min, max);
    onChange(String(next));
  };
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
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
          disabled={current !== null && current <= min}
          onClick={() => step(-1)}
        >
          −
        </button>
        <input
          id={id}
          className="text-field-input quantity-stepper-input"
          inputMode="numeric"
          autoComplete="off"
          maxLength={8}
          value={value}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value.replace(/[^\d]/g, ''))}
        />
        <button
          type="button"
          className="quantity-stepper-button"
          aria-label={increaseLabel}
          disabled={max !== undefined && current !== null && current >= max}
          onClick={() => step(1)}
        >
          +
        </button>
      </div>
      <FieldMessages errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </div>
  );
}
