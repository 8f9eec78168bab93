import { ProgressBar } from 'react-aria-components';
import * as styles from './spinner.css.ts';

export type SpinnerProps = {
  /** Announced to screen readers. */
  label?: string;
  /** Diameter in px. */
  size?: number;
  className?: string;
};

/** An indeterminate progress indicator that screen readers announce as busy. */
export function Spinner({ label = 'Loading', size = 20, className }: SpinnerProps) {
  return (
    <ProgressBar isIndeterminate aria-label={label} className={[styles.wrapper, className].filter(Boolean).join(' ')}>
      <SpinnerGlyph size={size} />
    </ProgressBar>
  );
}

/** Decorative spinner for use inside a control that already announces its state (e.g. a pending Button). */
export function SpinnerGlyph({ size = 20 }: { size?: number }) {
  return <span aria-hidden="true" className={styles.spinner} style={{ width: size, height: size }} />;
}
