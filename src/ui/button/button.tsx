import type { ReactNode } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { SpinnerGlyph } from '../spinner/spinner.tsx';
import { buttonClassName, type ButtonSize, type ButtonVariant } from './button-class-name.ts';
import * as styles from './button.css.ts';

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
