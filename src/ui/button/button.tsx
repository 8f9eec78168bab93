import type { ReactNode } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-class-name.ts';
import * as styles from './button.css.ts';
import { PendingOverlay } from './pending-overlay.tsx';

export type { ButtonSize, ButtonVariant } from './button-class-name.ts';

export type ButtonProps = Omit<AriaButtonProps, 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Leading icon (decorative). */
  icon?: ReactNode;
  isFullWidth?: boolean;
  children?: ReactNode;
};

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
          {isPending ? <PendingOverlay size={size} /> : null}
        </>
      )}
    </AriaButton>
  );
}
