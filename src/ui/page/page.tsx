import type { ReactNode } from 'react';
import * as styles from './page.css.ts';

export interface PageProps {
  title: string;
  subtitle?: string;
  /** Narrow column for forms and onboarding. */
  isNarrow?: boolean;
  /** Shown beside the title (e.g. an action button). */
  actions?: ReactNode;
  /** The browser tab's name when it should differ from the heading (the app names tabs after the h1). */
  documentTitle?: string;
  children?: ReactNode;
}

/** The frame of every routed page: one h1, optional subtitle, content. */
export function Page({ title, subtitle, isNarrow, actions, documentTitle, children }: PageProps) {
  return (
    <div className={isNarrow ? `${styles.page} ${styles.narrow}` : styles.page}>
      <header className={styles.header}>
        <h1 className={styles.title} data-document-title={documentTitle}>
          {title}
        </h1>
        {subtitle ? <p className={styles.subtitle}>{subtitle}</p> : null}
        {actions ? <div className={styles.actions}>{actions}</div> : null}
      </header>
      {children}
    </div>
  );
}
