import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClassName, iconButtonClassName, type ButtonSize, type ButtonVariant, type IconButtonSize } from './button-class-name.ts';
import * as styles from './button.css.ts';

// The always-loaded chrome (nav) uses native buttons with the Button look, so the first paint of
// every screen does without react-aria's press handling. Everywhere else, Button and IconButton.

type NativeProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & { type?: 'button' | 'submit' };

export function NativeButton({ variant = 'primary', size = 'md', type = 'button', className, children, ...props }: NativeProps & { variant?: ButtonVariant; size?: ButtonSize; children: ReactNode }) {
  return (
    <button {...props} type={type} className={[buttonClassName({ variant, size }), className].filter(Boolean).join(' ')}>
      <span className={styles.content}>{children}</span>
    </button>
  );
}

/** Icon-only: the accessible name is required. */
export function NativeIconButton({ icon, variant = 'ghost', size = 'md', type = 'button', className, ...props }: NativeProps & { 'aria-label': string; icon: ReactNode; variant?: ButtonVariant; size?: IconButtonSize }) {
  return (
    <button {...props} type={type} className={[iconButtonClassName({ variant, size }), className].filter(Boolean).join(' ')}>
      <span className={styles.icon}>{icon}</span>
    </button>
  );
}
