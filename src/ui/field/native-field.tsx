import { useId, type ReactNode } from 'react';
import * as styles from './field.css.ts';

// The text fields' anatomy on native elements (docs/decisions/native-form-fields.md): a <label for>, the
// hint and the error wired to the control by aria-describedby, aria-invalid and aria-required. As with
// react-aria's fields (./field.tsx), never the browser's `required`: the app's messages are the only ones.

/** The props every native text control takes (TextField, PasswordField, TextArea). */
export type NativeFieldProps = {
  label?: ReactNode;
  /** A hint under the control; a text input hides it while the error shows. */
  description?: ReactNode;
  /** A non-empty string marks the field invalid and is shown under it. */
  errorMessage?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  isDisabled?: boolean;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
  name?: string;
  className?: string;
};

export type NativeFieldState = {
  description?: ReactNode;
  /** A non-empty string marks the field invalid (unless `isInvalid` says otherwise) and is shown under it. */
  errorMessage?: string;
  isInvalid?: boolean;
  isRequired?: boolean;
  /** The hint steps aside while the error shows (text inputs); a text area keeps both. */
  hideDescriptionWhenInvalid?: boolean;
};

/** Ids and attributes tying one control to its label, hint and error. */
export function useNativeField({ description, errorMessage, isInvalid, isRequired, hideDescriptionWhenInvalid = true }: NativeFieldState) {
  const id = useId();
  const invalid = isInvalid ?? Boolean(errorMessage);
  const hint = invalid && hideDescriptionWhenInvalid ? null : description;
  const hasHint = hint !== null && hint !== undefined && hint !== false && hint !== '';
  const error = invalid && errorMessage ? errorMessage : null;
  const ids = { control: `${id}-control`, description: `${id}-description`, error: `${id}-error` };
  const describedBy = [hasHint ? ids.description : null, error ? ids.error : null].filter(Boolean).join(' ') || undefined;
  return {
    ids,
    hint: hasHint ? hint : null,
    error,
    invalid,
    controlProps: {
      id: ids.control,
      'aria-describedby': describedBy,
      'aria-invalid': invalid || undefined,
      'aria-required': isRequired || undefined,
    },
  };
}

export function NativeFieldLabel({ htmlFor, isRequired, children }: { htmlFor: string; isRequired?: boolean; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className={styles.label}>
      {children}
      {isRequired ? <span aria-hidden="true" className={styles.requiredMark}>*</span> : null}
    </label>
  );
}

/** The hint and the error under a control, with the ids its aria-describedby points at. */
export function NativeFieldMessages({ field }: { field: ReturnType<typeof useNativeField> }) {
  return (
    <>
      {field.hint ? <span id={field.ids.description} className={styles.description}>{field.hint}</span> : null}
      {field.error ? <span id={field.ids.error} className={styles.error}>{field.error}</span> : null}
    </>
  );
}
