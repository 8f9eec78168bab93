import * as styles from './explore.css.ts';

/** Holds the three stay fields' row while they load, so nothing below moves. */
export function StayFieldsPlaceholder() {
  return (
    <>
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
    </>
  );
}
