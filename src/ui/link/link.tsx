import type { AnchorHTMLAttributes, ReactNode } from 'react';
import { buttonClassName, type ButtonSize, type ButtonVariant } from '../button/button-class-name.ts';
import * as buttonStyles from '../button/button.css.ts';
import { useClientNavigation } from './link-navigation.tsx';
import * as styles from './link.css.ts';

// Native anchors, not react-aria's Link: every screen's nav and footer are made of links, and a plain
// <a> keeps react-aria's press handling out of the first paint. Focus rings come from :focus-visible
// (global styles); in-app clicks navigate through the app's router (link-navigation.tsx).

type AnchorProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'children'> & { href: string; children?: ReactNode };

export type LinkProps = AnchorProps & { variant?: keyof typeof styles.variant };

export function Link({ variant = 'text', className, href, target, onClick, ...props }: LinkProps) {
  const navigateOnClick = useClientNavigation(href, target, onClick);
  return <a {...props} href={href} target={target} onClick={navigateOnClick} className={[styles.variant[variant], className].filter(Boolean).join(' ')} />;
}

export type LinkButtonProps = AnchorProps & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  icon?: ReactNode;
  isFullWidth?: boolean;
};

/** A link (navigates to `href`) that looks like a Button. */
export function LinkButton({ variant = 'primary', size = 'md', icon, isFullWidth, children, className, href, target, onClick, ...props }: LinkButtonProps) {
  const navigateOnClick = useClientNavigation(href, target, onClick);
  return (
    <a {...props} href={href} target={target} onClick={navigateOnClick} className={[buttonClassName({ variant, size, isFullWidth }), className].filter(Boolean).join(' ')}>
      <span className={buttonStyles.content}>
        {icon ? <span className={buttonStyles.icon}>{icon}</span> : null}
        {children}
      </span>
    </a>
  );
}
