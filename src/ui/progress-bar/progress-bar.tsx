import { useId, type ReactNode } from 'react';
import { VisuallyHidden } from '../visually-hidden/visually-hidden.tsx';
import * as styles from './progress-bar.css.ts';

export type ProgressBarProps = {
  label: ReactNode;
  value: number;
  minValue?: number;
  maxValue?: number;
  /** Shown and announced instead of a percentage, e.g. "Step 2 of 6". */
  valueLabel?: string;
  /** Visually hide the label row (it is still announced). */
  hideLabel?: boolean;
  className?: string;
};

const percent = new Intl.NumberFormat('en-US', { style: 'percent' });

/** A `role="progressbar"` named by its label, its value announced as `valueLabel` or a percentage. */
export function ProgressBar({ label, value, minValue = 0, maxValue = 100, valueLabel, hideLabel, className }: ProgressBarProps) {
  const labelId = useId();
  const clamped = Math.min(Math.max(value, minValue), maxValue);
  const fraction = maxValue > minValue ? (clamped - minValue) / (maxValue - minValue) : 0;
  const valueText = valueLabel ?? percent.format(fraction);
  return (
    <div
      role="progressbar"
      aria-labelledby={labelId}
      aria-valuenow={clamped}
      aria-valuemin={minValue}
      aria-valuemax={maxValue}
      aria-valuetext={valueText}
      className={[styles.progress, className].filter(Boolean).join(' ')}
    >
      {hideLabel ? (
        <VisuallyHidden>
          <span id={labelId}>{label}</span>
        </VisuallyHidden>
      ) : (
        <div className={styles.row}>
          <span id={labelId} className={styles.label}>{label}</span>
          <span className={styles.valueText}>{valueText}</span>
        </div>
      )}
      <div className={styles.track}>
        <div className={styles.fill} style={{ width: `${fraction * 100}%` }} />
      </div>
    </div>
  );
}
