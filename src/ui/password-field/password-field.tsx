import { useState } from 'react';
import { NativeFieldLabel, NativeFieldMessages, useNativeField, type NativeFieldProps } from '../field/native-field.tsx';
import * as styles from '../field/field.css.ts';
import { EyeIcon, EyeOffIcon } from '../icon/icons.tsx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import * as own from './password-field.css.ts';

export type PasswordFieldProps = NativeFieldProps & {
  autoComplete?: string;
};

/**
 * A password input with a "Show password" toggle button (aria-pressed tells whether the text is
 * shown; its name stays the same so screen readers announce the state, not a new control).
 */
export function PasswordField({ label, description, errorMessage, isInvalid, isRequired, isDisabled, onChange, className, ...inputProps }: PasswordFieldProps) {
  const [isShown, setShown] = useState(false);
  const field = useNativeField({ description, errorMessage, isInvalid, isRequired });
  return (
    <div className={[styles.field, className].filter(Boolean).join(' ')}>
      {label ? <NativeFieldLabel htmlFor={field.ids.control} isRequired={isRequired}>{label}</NativeFieldLabel> : null}
      <div className={own.group}>
        <input
          {...inputProps}
          {...field.controlProps}
          type={isShown ? 'text' : 'password'}
          disabled={isDisabled}
          onChange={(event) => onChange?.(event.target.value)}
          className={[styles.control, own.input].join(' ')}
        />
        {/* Named by its (hidden) text, not aria-label: the field's label stays the only label of the input. */}
        <button type="button" aria-pressed={isShown} disabled={isDisabled} onClick={() => setShown(!isShown)} className={own.toggle}>
          {isShown ? <EyeOffIcon /> : <EyeIcon />}
          <VisuallyHidden>Show password</VisuallyHidden>
        </button>
      </div>
      <NativeFieldMessages field={field} />
    </div>
  );
}
