import type { ReactNode } from 'react';
import { Radio as AriaRadio, RadioGroup as AriaRadioGroup, type RadioGroupProps as AriaRadioGroupProps, type RadioProps as AriaRadioProps } from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as styles from './radio-group.css.ts';

export type RadioGroupProps = Omit<AriaRadioGroupProps, 'children' | 'className'> & {
  label: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  children: ReactNode;
  className?: string;
};

/** Arrow keys move between options; `value` / `onChange` carry the chosen Radio's value. */
export function RadioGroup({ label, description, errorMessage, children, className, isInvalid, ...props }: RadioGroupProps) {
  return (
    <AriaRadioGroup validationBehavior={validationBehavior} {...props} isInvalid={resolveInvalid(isInvalid, errorMessage)} className={[styles.group, className].filter(Boolean).join(' ')}>
      <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel>
      <FieldDescription>{description}</FieldDescription>
      <div className={styles.options}>{children}</div>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaRadioGroup>
  );
}

export type RadioProps = Omit<AriaRadioProps, 'children' | 'className'> & {
  children: ReactNode;
  /** Second line, shown in the card style. */
  description?: ReactNode;
  /** Bordered tile instead of a plain row. */
  isCard?: boolean;
};

export function Radio({ children, description, isCard = false, ...props }: RadioProps) {
  return (
    <AriaRadio {...props} className={[styles.radio, isCard ? styles.cardRadio : ''].join(' ')}>
      <span className={styles.circle} aria-hidden="true" />
      {description ? (
        <span className={styles.cardText}>
          <span className={styles.cardTitle}>{children}</span>
          <span className={styles.cardDescription}>{description}</span>
        </span>
      ) : (
        children
      )}
    </AriaRadio>
  );
}
