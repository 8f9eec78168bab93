import { buttonClassName } from '../../../ui/button/button-class-name.ts';
import * as fieldStyles from '../../../ui/field/field.css.ts';
import * as styles from './search-bar.css.ts';

const fieldLabels = ['Location', 'Check in', 'Duration', 'Guests'] as const;

/**
 * The search bar's shape while its controls load: the same grid, labels and control heights,
 * so the page does not shift when the real bar replaces it. Not interactive.
 */
export function SearchBarPlaceholder() {
  return (
    <div className={styles.bar} aria-busy="true" aria-label="Loading search">
      {fieldLabels.map((label) => (
        <div key={label} className={[fieldStyles.field, label === 'Location' ? styles.location : ''].join(' ')}>
          <span className={fieldStyles.label}>{label}</span>
          <span className={fieldStyles.control} aria-hidden="true" />
        </div>
      ))}
      <span className={[buttonClassName({ size: 'lg' }), styles.submit].join(' ')} aria-hidden="true">
        Search
      </span>
    </div>
  );
}
