import type { ReactNode } from 'react';
import { Label, Slider as AriaSlider, SliderOutput, SliderThumb, SliderTrack, type SliderProps as AriaSliderProps } from 'react-aria-components';
import * as fieldStyles from '../field/field.css.ts';
import * as styles from './slider.css.ts';

export type SliderProps = Omit<AriaSliderProps<number>, 'children' | 'className'> & {
  label: ReactNode;
  /** Visible value text, e.g. (v) => `$${v}`. Screen readers hear the `formatOptions` formatting, so set both. */
  formatValue?: (value: number) => string;
  className?: string;
};

/** Single-thumb slider with its label and current value; `minValue`, `maxValue`, `step` from RAC. */
export function Slider({ label, formatValue, className, ...props }: SliderProps) {
  return (
    <AriaSlider
      {...props}
      className={[styles.slider, className].filter(Boolean).join(' ')}
    >
      <Label className={[fieldStyles.label, styles.label].join(' ')}>{label}</Label>
      <SliderOutput className={styles.output}>
        {({ state }) => (formatValue ? formatValue(state.getThumbValue(0)) : state.getThumbValueLabel(0))}
      </SliderOutput>
      <SliderTrack className={styles.track}>
        {({ state }) => (
          <>
            <span className={styles.fill} style={{ width: `${state.getThumbPercent(0) * 100}%` }} />
            <SliderThumb className={styles.thumb} />
          </>
        )}
      </SliderTrack>
    </AriaSlider>
  );
}
