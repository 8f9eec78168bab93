import * as styles from './route-fallback.css.ts';

/** Shown while a route's chunk loads or the session is being restored: reserves the page area, no shift. */
export function RouteFallback() {
  return (
    <div className={styles.fallback} role="status" aria-live="polite">
      <span className={styles.pulse} aria-hidden="true" />
      <span className={styles.label}>Loading…</span>
    </div>
  );
}
