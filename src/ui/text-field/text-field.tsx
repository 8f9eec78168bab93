import type { FocusEventHandler, HTMLAttributes, InputHTMLAttributes, KeyboardEventHandler } from 'react';
import { NativeFieldLabel, NativeFieldMessages, useNativeField, type NativeFieldProps } from '../field/native-field.tsx';
import * as styles from '../field/field.css.ts';

export type TextFieldProps = NativeFieldProps & {
  isReadOnly?: boolean;
  onBlur?: FocusEventHandler<HTMLInputElement>;
  onKeyDown?: KeyboardEventHandler<HTMLInputElement>;
  type?: 'text' | 'email' | 'url' | 'search' | 'tel' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  inputMode?: HTMLAttributes<HTMLInputElement>['inputMode'];
  maxLength?: number;
  placeholder?: string;
  'aria-label'?: string;
};

/** A native text input with its label, hint and error (./native-field.tsx). */
export function TextField({ label, description, errorMessage, isInvalid, isRequired, isDisabled, isReadOnly, onChange, className, ...inputProps }: TextFieldProps) {
  const field = useNativeField({ description, errorMessage, isInvalid, isRequired });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {label ? <NativeFieldLabel htmlFor={field.ids.control} isRequired={isRequired}>{label}</NativeFieldLabel> : null}
      <input
        {...(inputProps satisfies InputHTMLAttributes<HTMLInputElement>)}
        {...field.controlProps}
        disabled={isDisabled}
        readOnly={isReadOnly}
        onChange={(event) => onChange?.(event.target.value)}
        className={styles.control}
      />
      <NativeFieldMessages field={field} />
    </div>
  );
}
