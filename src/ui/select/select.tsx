import { useLayoutEffect, useRef, type ReactNode } from 'react';
import {
  Button,
  ListBox,
  ListBoxItem,
  Popover,
  Select as AriaSelect,
  SelectValue,
  type Key,
  type SelectProps as AriaSelectProps,
} from 'react-aria-components';
import { FieldDescription, FieldErrorText, FieldLabel, resolveInvalid, validationBehavior, type ErrorMessage } from '../field/field.tsx';
import * as fieldStyles from '../field/field.css.ts';
import { CheckIcon, ChevronDownIcon } from '../icon/icons.tsx';
import * as popoverStyles from '../popover/popover.css.ts';
import * as styles from './select.css.ts';

export type SelectItem = { id: Key; label: string; isDisabled?: boolean };

export type SelectProps = Omit<AriaSelectProps<SelectItem>, 'children' | 'className' | 'items'> & {
  label?: ReactNode;
  description?: ReactNode;
  errorMessage?: ErrorMessage;
  items: readonly SelectItem[];
  className?: string;
};

/** Single choice from a list (`selectedKey` / `onSelectionChange` are the item ids). */
export function Select({ label, description, errorMessage, items, className, isInvalid, ...props }: SelectProps) {
  const disabledKeys = items.filter((item) => item.isDisabled).map((item) => item.id);
  const invalid = resolveInvalid(isInvalid, errorMessage);
  // The trigger is what assistive tech and the focus land on, so it carries the invalid state too
  // (RAC's Button does not pass aria-invalid through, so it is set on the element).
  const triggerRef = useRef<HTMLButtonElement>(null);
  useLayoutEffect(() => {
    const trigger = triggerRef.current;
    if (!trigger) return;
    if (invalid) trigger.setAttribute('aria-invalid', 'true');
    else trigger.removeAttribute('aria-invalid');
  }, [invalid]);
  return (
    <AriaSelect
      validationBehavior={validationBehavior}
      {...props}
      disabledKeys={props.disabledKeys ?? disabledKeys}
      isInvalid={invalid}
      className={[fieldStyles.field, className].filter(Boolean).join(' ')}
    >
      {label ? <FieldLabel isRequired={props.isRequired}>{label}</FieldLabel> : null}
      <Button ref={triggerRef} className={[fieldStyles.control, styles.trigger].join(' ')}>
        <SelectValue className={styles.value} />
        <ChevronDownIcon size={18} className={styles.chevron} />
      </Button>
      <FieldDescription>{description}</FieldDescription>
      <FieldErrorText>{errorMessage}</FieldErrorText>
      <Popover className={popoverStyles.popover} offset={4}>
        <ListBox items={items} className={styles.listBox}>
          {(item) => (
            <ListBoxItem id={item.id} textValue={item.label} className={styles.option}>
              {({ isSelected }) => (
                <>
                  <span>{item.label}</span>
                  {isSelected ? <CheckIcon size={16} /> : null}
                </>
              )}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
