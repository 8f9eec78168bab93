import { Label, Radio, RadioGroup } from 'react-aria-components';
import * as styles from './star-rating.css.ts';

const starsUpTo = (max: number) => Array.from({ length: max }, (_, index) => index + 1);

/** Read-only stars, e.g. "Rated 4 out of 5". */
export function StarRating({ rating, max = 5, size = 'md' }: { rating: number; max?: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating);
  return (
    <span className={[styles.stars, styles.size[size]].join(' ')} role="img" aria-label={`Rated ${rating} out of ${max}`}>
      {starsUpTo(max).map((star) => (
        <span key={star} aria-hidden="true" className={star <= rounded ? styles.filled : styles.empty}>
          ★
        </span>
      ))}
    </span>
  );
}

export interface StarRatingInputProps {
  label: string;
  /** null (or 0) until the user chooses. */
  value: number | null;
  onChange: (rating: number) => void;
  max?: number;
  isDisabled?: boolean;
}

/** Choosing 1 to `max` stars: a radio group, so arrow keys and screen readers work as for any choice ("4 stars"). */
export function StarRatingInput({ label, value, onChange, max = 5, isDisabled }: StarRatingInputProps) {
  const chosen = value ?? 0;
  return (
    <RadioGroup
      value={chosen > 0 ? String(chosen) : null}
      onChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      isRequired
      isDisabled={isDisabled}
      className={styles.inputGroup}
    >
      <Label className={styles.inputLabel}>{label}</Label>
      <div className={styles.inputStars}>
        {starsUpTo(max).map((star) => (
          <Radio key={star} value={String(star)} aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`} className={styles.inputStar}>
            <span aria-hidden="true" className={star <= chosen ? styles.filled : styles.empty}>
              ★
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
