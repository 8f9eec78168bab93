import type { ReactNode } from 'react';
import { FieldError, Label, Text, type ValidationResult } from 'react-aria-components';
import * as styles from './field.css.ts';

/**
 * Every field primitive validates this way: react-aria marks fields with aria-required and aria-invalid
 * but never the browser's `required`, so the app's messages (docs/product.md §5) are the only ones: no
 * native bubble, no "Please fill out this field." kept from an earlier submit. A caller may still override.
 */
export const validationBehavior = 'aria' as const;

/** A string shows as-is; a function formats the browser/RAC validation result. */
export type ErrorMessage = string | ((validation: ValidationResult) => string);

export function FieldLabel({ children, isRequired }: { children: ReactNode; isRequired?: boolean }) {
  return (
    <Label className={styles.label}>
      {children}
      {isRequired ? <span aria-hidden="true" className={styles.requiredMark}>*</span> : null}
    </Label>
  );
}

/**
 * Render it always, empty when there is no hint: react-aria links the description to the control
 * only if the element exists when the field mounts, so a hint that appears later (a chosen room's
 * price) would otherwise never be announced. Empty, it takes no space.
 */
export function FieldDescription({ children }: { children?: ReactNode }) {
  return <Text slot="description" className={styles.description}>{children}</Text>;
}

/** Rendered by RAC only while the field is invalid, and wired to aria-describedby. */
export function FieldErrorText({ children }: { children?: ErrorMessage }) {
  return <FieldError className={styles.error}>{children}</FieldError>;
}

/** A plain string error makes the field invalid unless the caller says otherwise. */
export function resolveInvalid(isInvalid: boolean | undefined, errorMessage: ErrorMessage | undefined) {
  if (isInvalid !== undefined) return isInvalid;
  return typeof errorMessage === 'string' && errorMessage.length > 0 ? true : undefined;
}
