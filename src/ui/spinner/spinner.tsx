import * as styles from './spinner.css.ts';

export type SpinnerProps = {
  /** Announced to screen readers. */
  label?: string;
  /** Diameter in px. */
  size?: number;
  className?: string;
};

/**
 * An indeterminate progress indicator that screen readers announce as busy: a progressbar role without a
 * value, as react-aria's indeterminate ProgressBar renders it, without its code on the pages that wait.
 */
export function Spinner({ label = 'Loading', size = 20, className }: SpinnerProps) {
  return (
    <div role="progressbar" aria-label={label} aria-valuemin={0} aria-valuemax={100} className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <SpinnerGlyph size={size} />
    </div>
  );
}

/** Decorative spinner for use inside a control that already announces its state (e.g. a pending Button). */
export function SpinnerGlyph({ size = 20 }: { size?: number }) {
  return <span aria-hidden="true" className={styles.spinner} style={{ width: size, height: size }} />;
}
