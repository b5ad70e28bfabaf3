import { forwardRef, type InputHTMLAttributes, type ReactNode } from 'react';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  /** The visible label (also the input's accessible name). */
  label: string;
  /** A validation message; marks the input invalid and is announced. */
  error?: string;
  /** A permanent hint under the input (e.g. the password rule). */
  hint?: string;
  /** Something beside the input, e.g. a "send code" button. */
  addon?: ReactNode;
}

/**
 * A labelled text input. A native input (rather than antd-mobile's Input, which puts aria
 * attributes on its wrapper) so the error and hint are tied to the field itself.
 */
export const TextField = forwardRef<HTMLInputElement, TextFieldProps>(function TextField(
  { id, label, error, hint, addon, ...inputProps },
  ref,
) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={error ? 'text-field text-field-invalid' : 'text-field'}>
      <label className="text-field-label" htmlFor={id}>
        {label}
      </label>
      <div className="text-field-row">
        <input
          ref={ref}
          id={id}
          className="text-field-input"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
          {...inputProps}
        />
        {addon}
      </div>
      <FieldMessages errorId={errorId} error={error} hintId={hintId} hint={hint} />
    </div>
  );
});

/** A field's error (announced) and hint under it, with the ids its input names in aria-describedby. */
export function FieldMessages(props: {
  errorId: string | undefined;
  error?: string | undefined;
  hintId: string | undefined;
  hint?: string | undefined;
}) {
  return (
    <>
      {props.error && (
        <p id={props.errorId} className="text-field-error" role="alert">
          {props.error}
        </p>
      )}
      {props.hint && (
        <p id={props.hintId} className="text-field-hint">
          {props.hint}
        </p>
      )}
    </>
  );
}
