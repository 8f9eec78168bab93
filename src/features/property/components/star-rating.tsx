import { Radio, RadioGroup, Label } from 'react-aria-components';
import { RATING } from '../../../domain/constants.ts';
import * as styles from './star-rating.css.ts';

const stars = Array.from({ length: RATING.max - RATING.min + 1 }, (_, index) => RATING.min + index);

/** Read-only stars, e.g. "Rated 4 out of 5". */
export function StarRating({ rating, size = 'md' }: { rating: number; size?: 'sm' | 'md' }) {
  const rounded = Math.round(rating);
  return (
    <span className={[styles.stars, styles.size[size]].join(' ')} role="img" aria-label={`Rated ${rating} out of ${RATING.max}`}>
      {stars.map((star) => (
        <span key={star} aria-hidden="true" className={star <= rounded ? styles.filled : styles.empty}>
          ★
        </span>
      ))}
    </span>
  );
}

/** Choosing 1 to 5 stars: a radio group, so arrow keys and screen readers work as for any choice. */
export function StarRatingInput({ value, onChange, label }: { value: number; onChange: (rating: number) => void; label: string }) {
  return (
    <RadioGroup
      value={value > 0 ? String(value) : null}
      onChange={(next) => onChange(Number(next))}
      orientation="horizontal"
      isRequired
      className={styles.inputGroup}
    >
      <Label className={styles.inputLabel}>{label}</Label>
      <div className={styles.inputStars}>
        {stars.map((star) => (
          <Radio key={star} value={String(star)} aria-label={`${star} ${star === 1 ? 'star' : 'stars'}`} className={styles.inputStar}>
            <span aria-hidden="true" className={star <= value ? styles.filled : styles.empty}>
              ★
            </span>
          </Radio>
        ))}
      </div>
    </RadioGroup>
  );
}
