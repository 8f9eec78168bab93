import * as styles from './star-rating.css.ts';

/** 1 to max, one per star. */
export const starsUpTo = (max: number) => Array.from({ length: max }, (_, index) => index + 1);

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
