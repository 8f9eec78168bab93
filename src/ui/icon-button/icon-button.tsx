import type { ReactNode } from 'react';
import { Button as AriaButton, composeRenderProps, type ButtonProps as AriaButtonProps } from 'react-aria-components';
import { iconButtonClassName, type ButtonVariant, type IconButtonSize } from '../button/button-class-name.ts';
import * as styles from '../button/button.css.ts';

export type IconButtonProps = Omit<AriaButtonProps, 'children' | 'aria-label'> & {
  /** Required: icon-only controls need an accessible name. */
  'aria-label': string;
  icon: ReactNode;
  variant?: ButtonVariant;
  size?: IconButtonSize;
};

/**
 * Square icon-only button. Passes `aria-expanded` / `aria-controls` through, so it can drive a
 * collapsible menu (e.g. the mobile nav toggle).
 */
export function IconButton({ icon, variant = 'ghost', size = 'md', className, ...props }: IconButtonProps) {
  return (
    <AriaButton
      {...props}
      className={composeRenderProps(className, (extra) => [iconButtonClassName({ variant, size }), extra].filter(Boolean).join(' '))}
    >
      <span className={styles.icon}>{icon}</span>
    </AriaButton>
  );
}
