import { useState, type ReactNode } from 'react';
import { CheckIcon, MinusIcon } from '../icon/icons.tsx';
import * as styles from './checkbox.css.ts';

export interface CheckboxProps {
  children: ReactNode;
  /** Controlled state; without it the checkbox keeps its own, starting at `defaultSelected`. */
  isSelected?: boolean;
  defaultSelected?: boolean;
  onChange?: (isSelected: boolean) => void;
  /** Mixed (some of a group chosen): announced as such, drawn as a dash. */
  isIndeterminate?: boolean;
  isDisabled?: boolean;
  name?: string;
  value?: string;
  className?: string;
}

/**
 * A native checkbox inside its label (Space and a click on the label toggle it), drawn as a box with a
 * tick; the input itself is invisible but focusable and read (docs/decisions/native-form-fields.md).
 */
export function Checkbox({ children, isSelected, defaultSelected = false, onChange, isIndeterminate = false, isDisabled, name, value, className }: CheckboxProps) {
  const [ownSelected, setOwnSelected] = useState(defaultSelected);
  const selected = isSelected ?? ownSelected;
  return (
    <label className={[styles.choice, className].filter(Boolean).join(' ')} data-selected={selected || undefined} data-indeterminate={isIndeterminate || undefined} data-disabled={isDisabled || undefined}>
      <input
        type="checkbox"
        ref={(input) => {
          if (input) input.indeterminate = isIndeterminate;
        }}
        className={styles.input}
        name={name}
        value={value}
        checked={selected}
        disabled={isDisabled}
        onChange={(event) => {
          setOwnSelected(event.target.checked);
          onChange?.(event.target.checked);
        }}
      />
      <span className={styles.box} aria-hidden="true">
        {isIndeterminate ? <MinusIcon size={14} strokeWidth={3} /> : selected ? <CheckIcon size={14} strokeWidth={3} /> : null}
      </span>
      <span>{children}</span>
    </label>
  );
}
