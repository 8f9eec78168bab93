import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { buttonClassName, iconButtonClassName, type ButtonSize, type ButtonVariant, type IconButtonSize } from './button-class-name.ts';
import * as styles from './button.css.ts';
import { PendingOverlay } from './pending-overlay.tsx';

// The always-loaded chrome (nav) and the first paint of the public pages (Explore, the property page) use
// native buttons with the Button look, so they do without react-aria's press handling; so do the
// dashboard's booking actions, with NativeButton's pending state. Button and IconButton inside react-aria
// forms and dialogs (slots, form validation).

type NativeProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'type' | 'children'> & { type?: 'button' | 'submit' };

/**
 * `isPending`, as Button's: the button keeps its focus and its label (under a spinner, so its width does
 * not change), says it is unavailable (aria-disabled) and ignores clicks and submits until it is done.
 */
export function NativeButton({
  variant = 'primary',
  size = 'md',
  isFullWidth,
  isPending = false,
  type = 'button',
  className,
  children,
  onClick,
  ...props
}: NativeProps & { variant?: ButtonVariant; size?: ButtonSize; isFullWidth?: boolean; isPending?: boolean; children: ReactNode }) {
  return (
    <button
      {...props}
      type={type}
      aria-disabled={isPending || props['aria-disabled']}
      data-pending={isPending || undefined}
      onClick={(event) => {
        if (isPending) event.preventDefault();
        else onClick?.(event);
      }}
      className={[buttonClassName({ variant, size, isFullWidth }), className].filter(Boolean).join(' ')}
    >
      <span className={styles.content}>{children}</span>
      {isPending ? <PendingOverlay size={size} /> : null}
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
