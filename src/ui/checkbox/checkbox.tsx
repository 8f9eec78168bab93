import type { ReactNode } from 'react';
import { Checkbox as AriaCheckbox, type CheckboxProps as AriaCheckboxProps } from 'react-aria-components';
import { validationBehavior } from '../field/field.tsx';
import { CheckIcon, MinusIcon } from '../icon/icons.tsx';
import * as styles from './checkbox.css.ts';

export type CheckboxProps = Omit<AriaCheckboxProps, 'children' | 'className'> & { children: ReactNode; className?: string };

export function Checkbox({ children, className, ...props }: CheckboxProps) {
  return (
    <AriaCheckbox validationBehavior={validationBehavior} {...props} className={[styles.choice, className].filter(Boolean).join(' ')}>
      {({ isSelected, isIndeterminate }) => (
        <>
          <span className={styles.box} aria-hidden="true">
            {isIndeterminate ? <MinusIcon size={14} strokeWidth={3} /> : isSelected ? <CheckIcon size={14} strokeWidth={3} /> : null}
          </span>
          <span>{children}</span>
        </>
      )}
    </AriaCheckbox>
  );
}
