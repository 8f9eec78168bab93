import type { ReactNode } from 'react';
import * as styles from './page.css.ts';

export interface PageProps {
  title: string;
  subtitle?: string;
  /** Narrow column for forms and onboarding. */
  isNarrow?: boolean;
  /** Shown beside the title (e.g. an action button). */
  actions?: ReactNode;
  children?: ReactNode;
}

/** The frame of every routed page: one h1, optional subtitle, content. */
export function Page({ title, subtitle, isNarrow, actions, children }: PageProps) {
  return (
    <div className={isNarrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title}>{title}</h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {actions}
      </header>
      {children}
    </div>
  );
}
