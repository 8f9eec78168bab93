import type { ReactNode } from 'react';
import { Label, ProgressBar as AriaProgressBar } from 'react-aria-components';
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

export function ProgressBar({ label, value, minValue = 0, maxValue = 100, valueLabel, hideLabel, className }: ProgressBarProps) {
  return (
    <AriaProgressBar
      value={value}
      minValue={minValue}
      maxValue={maxValue}
      valueLabel={valueLabel}
      className={[styles.progress, className].filter(Boolean).join(' ')}
    >
      {({ percentage, valueText }) => (
        <>
          {hideLabel ? null : (
            <div className={styles.row}>
              <Label className={styles.label}>{label}</Label>
              <span className={styles.valueText}>{valueText}</span>
            </div>
          )}
          <div className={styles.track}>
            <div className={styles.fill} style={{ width: `${percentage ?? 0}%` }} />
          </div>
        </>
      )}
    </AriaProgressBar>
  );
}
