import type { ReactNode } from 'react';
import { Link as AriaLink, composeRenderProps, type LinkProps as AriaLinkProps } from 'react-aria-components';
import { buttonClassName, type ButtonSize, type ButtonVariant } from '../button/button';
import * as buttonStyles from '../button/button.css.ts';
import * as styles from './link.css.ts';

// Client-side navigation comes from the RAC RouterProvider the app mounts (with wouter's navigate),
// so `href` here never imports a router.

export type LinkProps = Omit<AriaLinkProps, 'children'> & {
  variant?: keyof typeof styles.variant;
  children?: ReactNode;
};

export function Link({ variant = 'text', className, ...props }: LinkProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (extra) => [styles.variant[variant], extra].filter(Boolean).join(' '))}
    />
  );
}

export type LinkButtonProps = Omit<AriaLinkProps, 'children'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  isFullWidth?: boolean;
  children?: ReactNode;
};

/** A link (navigates to `href`) that looks like a Button. */
export function LinkButton({ variant = 'primary', size = 'md', icon, isFullWidth, children, className, ...props }: LinkButtonProps) {
  return (
    <AriaLink
      {...props}
      className={composeRenderProps(className, (extra) => [buttonClassName({ variant, size, isFullWidth }), extra].filter(Boolean).join(' '))}
    >
      <span className={buttonStyles.content}>
        {icon ? <span className={buttonStyles.icon}>{icon}</span> : null}
        {children}
      </span>
    </AriaLink>
  );
}
