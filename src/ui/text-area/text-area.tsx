import { useState, type FocusEventHandler } from 'react';
import { NativeFieldLabel, NativeFieldMessages, useNativeField, type NativeFieldProps } from '../field/native-field.tsx';
import * as fieldStyles from '../field/field.css.ts';
import * as styles from './text-area.css.ts';

export type TextAreaProps = NativeFieldProps & {
  onBlur?: FocusEventHandler<HTMLTextAreaElement>;
  placeholder?: string;
  rows?: number;
  /** Shows a live counter when set (and limits input to it). */
  maxLength?: number;
  /** Counter text; default `${n}/${max} characters`. */
  formatCounter?: (length: number, max: number) => string;
};

const defaultCounter = (length: number, max: number) => `${length}/${max} characters`;

/** A native text area with its label, hint, error (both shown) and an optional character counter. */
export function TextArea({
  label,
  description,
  errorMessage,
  isInvalid,
  isRequired,
  isDisabled,
  rows = 4,
  maxLength,
  formatCounter = defaultCounter,
  className,
  value,
  defaultValue,
  onChange,
  ...props
}: TextAreaProps) {
  // Track length for uncontrolled use; a controlled `value` wins.
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const length = (value ?? uncontrolled).length;
  const field = useNativeField({ description, errorMessage, isInvalid, isRequired, hideDescriptionWhenInvalid: false });
  return (
    <div className={[fieldStyles.field, className].filter(Boolean).join(' ')}>
      {label ? <NativeFieldLabel htmlFor={field.ids.control} isRequired={isRequired}>{label}</NativeFieldLabel> : null}
      <textarea
        {...props}
        {...field.controlProps}
        rows={rows}
        maxLength={maxLength}
        disabled={isDisabled}
        value={value}
        defaultValue={defaultValue}
        onChange={(event) => {
          setUncontrolled(event.target.value);
          onChange?.(event.target.value);
        }}
        className={[fieldStyles.control, styles.textarea].join(' ')}
      />
      <div className={fieldStyles.footerRow}>
        <div>
          <NativeFieldMessages field={field} />
        </div>
        {maxLength !== undefined ? (
          // Deliberately not a live region: announcing every keystroke is noise; maxLength enforces the limit.
          <span className={[styles.counter, length > maxLength ? styles.counterOver : ''].join(' ')}>
            {formatCounter(length, maxLength)}
          </span>
        ) : null}
      </div>
    </div>
  );
}
