import type { ReactNode } from 'react';
import * as styles from '../messages-page.css.ts';

/** The chat pane's text-only states: nothing selected, not a member, checking. */
export function ChatPlaceholder({ title, text, children, className }: { title: string; text?: string; children?: ReactNode; className?: string }) {
  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-label={title}>
      <div className={styles.emptyState}>
        <h2 className={styles.emptyTitle}>{title}</h2>
        {text ? <p className={styles.emptyText}>{text}</p> : null}
        {children}
      </div>
    </section>
  );
}
