import type { ReactNode } from 'react';

export interface Choice<T extends string> {
  value: T;
  label: ReactNode;
}

export interface ChoiceGroupProps<T extends string> {
  /** Name of the radio group, unique on the page. */
  name: string;
  legend: string;
  choices: readonly Choice<T>[];
  value: T;
  onChange: (value: T) => void;
  /** `segments` fill the width (buy/sell, market/limit); `chips` wrap (filters). */
  variant?: 'segments' | 'chips';
  /** Hides the legend visually (it stays the group's accessible name). */
  hideLegend?: boolean;
  /** Colours the checked segment by side (buy/sell) rather than in the primary colour. */
  tone?: (value: T) => 'buy' | 'sell' | undefined;
}

/**
 * A choice of one among a few, as native radio buttons drawn as segments or chips: arrow keys move
 * between them and screen readers announce the group and the checked one.
 */
export function ChoiceGroup<T extends string>({
  name,
  legend,
  choices,
  value,
  onChange,
  variant = 'segments',
  hideLegend = false,
  tone,
}: ChoiceGroupProps<T>) {
  return (
    <fieldset className={`choice-group choice-group-${variant}`}>
      <legend className={hideLegend ? 'visually-hidden' : 'text-field-label'}>{legend}</legend>
      <div className="choice-group-options">
        {choices.map((choice) => {
          const checked = choice.value === value;
          const toneClass = checked && tone?.(choice.value) ? ` choice-group-option-${tone(choice.value)}` : '';
          return (
            <label
              key={choice.value}
              className={`choice-group-option${checked ? ' choice-group-option-checked' : ''}${toneClass}`}
            >
              <input
                className="choice-group-input"
                type="radio"
                name={name}
                value={choice.value}
                checked={checked}
                onChange={() => onChange(choice.value)}
              />
              <span>{choice.label}</span>
            </label>
          );
        })}
      </div>
    </fieldset>
  );
}
