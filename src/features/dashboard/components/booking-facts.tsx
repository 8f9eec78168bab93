import type { ReactNode } from 'react';
import * as styles from './dashboard.css.ts';

/** Label/value pairs of a booking card (dates, total, guest), as a description list. */
export function BookingFacts({ items }: { items: readonly { label: string; value: ReactNode }[] }) {
  return (
    <dl className={styles.facts}>
      {items.map(({ label, value }) => (
        <div key={label} className={styles.fact}>
          <dt className={styles.factLabel}>{label}</dt>
          <dd className={styles.factValue}>{value}</dd>
        </div>
      ))}
    </dl>
  );
}
