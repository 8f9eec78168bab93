import type { ReactNode } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { SpinnerGlyph } from '../spinner/spinner';
import * as styles from './button.css.ts';

export type ButtonVariant = keyof typeof styles.variant;
export type ButtonSize = keyof typeof styles.size;

export type ButtonProps = Omit<AriaButtonProps, 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Leading icon (decorative). */
  icon?: ReactNode;
  isFullWidth?: boolean;
  children?: ReactNode;
};

/** Class names for anything that should look like a button (used by LinkButton, PhotoPicker). */
export function buttonClassName({ variant = 'primary', size = 'md', isFullWidth = false }: { variant?: ButtonVariant; size?: ButtonSize; isFullWidth?: boolean } = {}) {
  return [styles.base, styles.variant[variant], styles.size[size], isFullWidth ? styles.fullWidth : ''].filter(Boolean).join(' ');
}

/**
 * Button on RAC: keyboard/press handling, `isPending` announces busy and blocks presses while a
 * spinner overlays the unchanged label (no width change).
 */
export function Button({ variant = 'primary', size = 'md', icon, isFullWidth, children, className, ...props }: ButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => [buttonClassName({ variant, size, isFullWidth }), extra].filter(Boolean).join(' '))}
    >
      {({ isPending }) => (
        <>
          <span className={styles.content}>
            {icon ? <span className={styles.icon}>{icon}</span> : null}
            {children}
          </span>
          {isPending ? (
            <span className={styles.pendingOverlay}>
              <SpinnerGlyph size={size === 'lg' ? 20 : 16} />
            </span>
          ) : null}
        </>
      )}
    </AriaButton>
  );
}
