import { Label, Radio, RadioGroup } from 'react-aria-components';
import { RATING } from '../../../domain/constants';
import * as styles from './star-rating.css.ts';

const STARS = Array.from({ length: RATING.max - RATING.min + 1 }, (_, index) => RATING.min + index);

export interface StarRatingProps {
  label: string;
  value: number | null;
  onChange: (rating: number) => void;
  isDisabled?: boolean;
}

/** 1–5 stars as a radio group: arrow keys move the rating, each star reads "n stars". */
export function StarRating({ label, value, onChange, isDisabled }: StarRatingProps) {
  return (
    <RadioGroup
      className={styles.group}
      orientation="horizontal"
      value={value === null ? null : String(value)}
      onChange={(next) => onChange(Number(next))}
      isDisabled={isDisabled}
      isRequired
    >
      <Label className={styles.label}>{label}</Label>
      <div className={styles.stars}>
        {STARS.map((star) => (
          <Radio key={star} value={String(star)} aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`} className={styles.star}>
            <svg viewBox="0 0 24 24" width={32} height={32} aria-hidden="true" className={value !== null && star <= value ? styles.filled : styles.empty}>
              <path d="M12 2.5l2.9 6.1 6.6.8-4.9 4.6 1.3 6.6L12 17.3l-5.9 3.3 1.3-6.6-4.9-4.6 6.6-.8z" />
            </svg>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
