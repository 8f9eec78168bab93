import { lazy, memo, useId, useState } from 'react';
import { activeFilterCount, DEFAULT_EXPLORE_SEARCH, type ExploreSearch } from '../../../domain/stay-filters.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import { ClientSuspense } from '../../../ui/client-suspense/client-suspense.tsx';
import { FieldPlaceholder } from '../../../ui/field/field-placeholder.tsx';
import * as styles from './explore.css.ts';
import { StayFieldsPlaceholder } from './stay-fields-placeholder.tsx';
import { FILTER_LABELS } from './filter-labels.ts';

export interface FilterPanelProps {
  search: ExploreSearch;
  onChange(search: ExploreSearch): void;
}

// The fields (react-aria's slider, number and date fields) load just after first paint: the cards
// are what the page is for. Their placeholders hold the same places, so nothing moves; the prerendered
// page shows the placeholders too.
const FilterFields = lazy(() => import('./filter-fields.tsx'));

function FilterFieldsPlaceholder() {
  return (
    <>
      <FieldPlaceholder label={FILTER_LABELS.location} />
      <FieldPlaceholder label={FILTER_LABELS.maxPrice} />
      <FieldPlaceholder label={FILTER_LABELS.minWifi} />
      <StayFieldsPlaceholder />
    </>
  );
}

/**
 * Location, Max Price, Min Wi-Fi Speed (docs/product.md §2, §9), the stay (check-in, duration, guests) the landing
 * search carries in, and Clear all. On phones the panel folds behind a "Filters" button that counts
 * the active filters; from tablet width up it is always open.
 *
 * Memoized: the page renders again with each answer of its data, some of them synchronous (a store
 * update); without it each one rendered the fields (and mounted them, once their chunk had loaded) in
 * one long task. The fields now render only when the search changes, and mount in React's own retry.
 */
export const FilterPanel = memo(function FilterPanel({ search, onChange }: FilterPanelProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const count = activeFilterCount(search);
  return (
    <>
      <NativeButton
        variant="outline"
        className={styles.filtersToggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={() => setOpen((open) => !open)}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </NativeButton>
      <section id={panelId} aria-labelledby="explore-filters-heading" className={styles.filters} data-open={isOpen || undefined}>
        <h2 id="explore-filters-heading" className={styles.filtersHeading}>
          Filters
        </h2>
        <ClientSuspense fallback={<FilterFieldsPlaceholder />}>
          <FilterFields search={search} onChange={onChange} />
        </ClientSuspense>
        <NativeButton variant="ghost" className={styles.clearAll} disabled={count === 0} onClick={() => onChange(DEFAULT_EXPLORE_SEARCH)}>
          Clear all
        </NativeButton>
      </section>
    </>
  );
});
