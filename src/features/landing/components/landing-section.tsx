import type { ReactNode } from 'react';
import * as styles from '../landing-page.css.ts';

export interface LandingSectionProps {
  /** names the section's heading `${id}-title`, which labels the section */
  id: string;
  title: string;
  /** the line under the heading, where the section has one */
  intro?: string;
  children: ReactNode;
}

/** One of the landing page's titled sections: heading, optional intro line, then its content. */
export function LandingSection({ id, title, intro, children }: LandingSectionProps) {
  const titleId = `${id}-title`;
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <h2 id={titleId} className={styles.sectionTitle}>
        {title}
      </h2>
      {intro ? <p className={styles.sectionText}>{intro}</p> : null}
      {children}
    </section>
  );
}
