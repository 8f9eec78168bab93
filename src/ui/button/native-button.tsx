import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClassName, iconButtonClassName, type ButtonSize, type ButtonVariant, type IconButtonSize } from './button-class-name.ts';
import * as styles from './button.css.ts';

// The always-loaded chrome (nav) and the first paint of the public pages (Explore, the property page) use
// native buttons with the Button look, so they do without react-aria's press handling. Button and
// IconButton where a pending state or react-aria's press behaviour is needed (forms, dialogs).

type NativeProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & { type?: 'button' | 'submit' };

export function NativeButton({ variant = 'primary', size = 'md', isFullWidth, type = 'button', className, children, ...props }: NativeProps & { variant?: ButtonVariant; size?: ButtonSize; isFullWidth?: boolean; children: ReactNode }) {
  return (
    <button {...props} type={type} className={[buttonClassName({ variant, size, isFullWidth }), className].filter(Boolean).join(' ')}>
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
