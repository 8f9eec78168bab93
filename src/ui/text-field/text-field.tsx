import type { ReactNode } from 'react';
import { Input, TextField as AriaTextField, type TextFieldProps as AriaTextFieldProps } from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as styles from '../field/field.css.ts';

export type TextFieldProps = Omit<AriaTextFieldProps, 'children' | 'className'> & {
  label?: ReactNode;
  description?: ReactNode;
  /** A non-empty string marks the field invalid and is shown under it. */
  errorMessage?: ErrorMessage;
  placeholder?: string;
  className?: string;
};

export function TextField({ label, description, errorMessage, placeholder, className, isInvalid, ...props }: TextFieldProps) {
  const invalid = resolveInvalid(isInvalid, errorMessage);
  return (
    <AriaTextField
      validationBehavior={validationBehavior}
      {...props}
      isInvalid={invalid}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      {label ? <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel> : null}
      <Input className={styles.control} placeholder={placeholder} />
      {/* The hint or the error, not both: the error replaces the hint while the field is invalid. */}
      <FieldDescription>{invalid ? null : description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaTextField>
  );
}
