import * as styles from './field.css.ts';

/**
 * The look of a field (label, empty control, description) while its component loads after first
 * paint, so nothing moves when it arrives. Not focusable; the real field replaces it.
 */
export function FieldPlaceholder({ label, description }: { label: string; description?: string }) {
  return (
    <div className={styles.field} aria-busy="true">
      <span className={styles.label}>{label}</span>
      <span className={[styles.control, styles.placeholderControl].join(' ')} />
      {description ? <span className={styles.description}>{description}</span> : null}
    </div>
  );
}
