import type { ReactNode } from 'react';
import { Button, Group, Input, NumberField as AriaNumberField, type NumberFieldProps as AriaNumberFieldProps } from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as fieldStyles from '../field/field.css.ts';
import { MinusIcon, PlusIcon } from '../icon/icons.tsx';
import * as styles from './number-field.css.ts';

export type NumberFieldProps = Omit<AriaNumberFieldProps, 'children' | 'className'> & {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  placeholder?: string;
  className?: string;
};

/** Numeric input with −/+ steppers; `minValue`, `maxValue`, `step`, `formatOptions` come from RAC. */
export function NumberField({ label, description, errorMessage, placeholder, className, isInvalid, ...props }: NumberFieldProps) {
  return (
    <AriaNumberField
      validationBehavior={validationBehavior}
      {...props}
      isInvalid={resolveInvalid(isInvalid, errorMessage)}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      {label ? <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel> : null}
      <Group className={[fieldStyles.control, styles.group].join(' ')}>
        <Button slot="decrement" className={[styles.stepper, styles.stepperStart].join(' ')}>
          <MinusIcon size={16} />
        </Button>
        <Input className={styles.input} placeholder={placeholder} />
        <Button slot="increment" className={styles.stepper}>
          <PlusIcon size={16} />
        </Button>
      </Group>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
    </AriaNumberField>
  );
}
