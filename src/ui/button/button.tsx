import type { ReactNode, Ref } from 'react';
import type { ButtonSize, ButtonVariant } from './button-class-name.ts';
import * as styles from './button.css.ts';
import { NativeButton } from './native-button.tsx';

export type { ButtonSize, ButtonVariant } from './button-class-name.ts';

export type ButtonProps = {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Leading icon (decorative). */
  icon?: ReactNode;
  isFullWidth?: boolean;
  children?: ReactNode;
  /** Runs on a click, Enter or Space (the native button's click). */
  onPress?: () => void;
  isDisabled?: boolean;
  /** A spinner over the unchanged label; the button says it is unavailable and ignores presses and submits. */
  isPending?: boolean;
  type?: 'button' | 'submit';
  form?: string;
  autoFocus?: boolean;
  id?: string;
  className?: string;
  ref?: Ref<HTMLButtonElement>;
  'aria-label'?: string;
  'aria-describedby'?: string;
  'aria-expanded'?: boolean;
  'aria-controls'?: string;
};

/**
 * The app's button: a native <button> (NativeButton) with Button's props (docs/decisions/native-form-fields.md),
 * so forms and dialogs no longer load react-aria's press handling for it.
 */
export function Button({ icon, isDisabled, onPress, children, ...props }: ButtonProps) {
  return (
    <NativeButton {...props} disabled={isDisabled} onClick={onPress ? () => onPress() : undefined}>
      {icon ? <span className={styles.icon}>{icon}</span> : null}
      {children}
    </NativeButton>
  );
}
