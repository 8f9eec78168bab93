import { Label, Radio, RadioGroup } from 'react-aria-components';
import { validationBehavior } from '../field/field.tsx';
import { starsUpTo } from './star-rating.tsx';
import * as styles from './star-rating.css.ts';

// Its own module: the read-only stars show on many screens, the input only in review dialogs.

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
      validationBehavior={validationBehavior}
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
