import { useState, type ReactNode } from 'react';
import { Group, Input, TextField as AriaTextField, ToggleButton, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as styles from '../field/field.css.ts';
import { EyeIcon, EyeOffIcon } from '../icon/icons.tsx';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import * as own from './password-field.css.ts';

export type PasswordFieldProps = Omit<AriaTextFieldProps, 'children' | 'className' | 'type'> & {
  label?: ReactNode;
  /** A hint shown while the field is valid; the error replaces it. */
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  className?: string;
};

/**
 * A password input with a "Show password" toggle button (aria-pressed tells whether the text is
 * shown; its name stays the same so screen readers announce the state, not a new control).
 */
export function PasswordField({ label, description, errorMessage, className, isInvalid, ...props }: PasswordFieldProps) {
  const [isShown, setShown] = useState(false);
  const invalid = resolveInvalid(isInvalid, errorMessage);
  return (
    <AriaTextField
      validationBehavior={validationBehavior}
      {...props}
      type={isShown ? 'text' : 'password'}
      isInvalid={invalid}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      {label ? <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel> : null}
      <Group className={own.group}>
        <Input className={[styles.control, own.input].join(' ')} />
        {/* Named by its (hidden) text, not aria-label: the field's label stays the only label of the input. */}
        <ToggleButton isSelected={isShown} onChange={setShown} className={own.toggle}>
          {isShown ? <EyeOffIcon /> : <EyeIcon />}
          <VisuallyHidden>Show password</VisuallyHidden>
        </ToggleButton>
      </Group>
      <FieldDescription>{invalid ? null : description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
