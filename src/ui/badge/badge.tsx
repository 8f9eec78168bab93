import type { ReactNode } from 'react';
import { visuallyHidden } from '../../styles/utilities.css.ts';
import * as styles from './badge.css.ts';

export type BadgeVariant = keyof typeof styles.variant;

export type BadgeProps = {
  variant?: BadgeVariant;
  children: ReactNode;
  /** Read instead of the visible text, e.g. "3 unread messages" for "3". */
  'aria-label'?: string;
  className?: string;
};

export function Badge({ variant = 'neutral', children, className, ...rest }: BadgeProps) {
  const label = rest['aria-label'];
  return (
    <span className={[styles.badge, styles.variant[variant], className].filter(Boolean).join(' ')}>
      {label ? (
        <>
          <span aria-hidden="true">{children}</span>
          <span className={visuallyHidden}>{label}</span>
        </>
      ) : (
        children
      )}
    </span>
  );
}
