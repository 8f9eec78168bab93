import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from './explore.css.ts';

interface ShowMoreProps {
  /** cards shown so far */
  shown: number;
  /** the whole answer's count, in words ("251 villas") */
  total: string;
  isLoading: boolean;
  hasFailed: boolean;
  onShowMore: () => void;
}

/** Below the grid while the server has more: how many are shown, and the next page (docs/decisions/explore-server-search.md). */
export function ShowMore({ shown, total, isLoading, hasFailed, onShowMore }: ShowMoreProps) {
  return (
    <div className={styles.showMore}>
      <p className={styles.showMoreCount}>
        Showing {shown.toLocaleString('en-US')} of {total}
      </p>
      {hasFailed ? (
        <p className={styles.showMoreCount} role="alert">
          We couldn&apos;t load more villas.
        </p>
      ) : null}
      <NativeButton variant="secondary" onClick={onShowMore} disabled={isLoading}>
        {isLoading ? 'Loading more villas…' : hasFailed ? 'Try again' : 'Show more villas'}
      </NativeButton>
    </div>
  );
}
