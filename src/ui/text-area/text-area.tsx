import { useState, type ReactNode } from 'react';
import { TextArea as AriaTextArea, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as fieldStyles from '../field/field.css.ts';
import * as styles from './text-area.css.ts';

export type TextAreaProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  placeholder?: string;
  rows?: number;
  /** Shows a live counter when set (and limits input to it). */
  maxLength?: number;
  /** Counter text; default `${n}/${max} characters`. */
  formatCounter?: (length: number, max: number) => string;
  className?: string;
};

const defaultCounter = (length: number, max: number) => `${length}/${max} characters`;

export function TextArea({
  label,
  description,
  errorMessage,
  placeholder,
  rows = 4,
  maxLength,
  formatCounter = defaultCounter,
  className,
  isInvalid,
  value,
  defaultValue,
  onChange,
  ...props
}: TextAreaProps) {
  // Track length for uncontrolled use; a controlled `value` wins.
  const [uncontrolled, setUncontrolled] = useState(defaultValue ?? '');
  const length = (value ?? uncontrolled).length;
  return (
    <AriaTextField
      validationBehavior={validationBehavior}
      {...props}
      value={value}
      defaultValue={defaultValue}
      onChange={(next) => {
        setUncontrolled(next);
        onChange?.(next);
      }}
      maxLength={maxLength}
      isInvalid={resolveInvalid(isInvalid, errorMessage)}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      {label ? <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel> : null}
      <AriaTextArea rows={rows} placeholder={placeholder} className={[fieldStyles.control, styles.textarea].join(' ')} />
      <div className={fieldStyles.footerRow}>
        <div>
          <FieldDescription>{description}</FieldDescription>
          <FieldErrorText>{errorMessage}</FieldErrorText>
        </div>
        {maxLength !== undefined ? (
          // Deliberately not a live region: announcing every keystroke is noise; maxLength enforces the limit.
          <span className={[styles.counter, length > maxLength ? styles.counterOver : ''].join(' ')}>
            {formatCounter(length, maxLength)}
          </span>
        ) : null}
      </div>
    </AriaTextField>
  );
}
