import { lazy, Suspense, useId, useState } from 'react';
import { MAX_PRICE_SLIDER, MIN_WIFI_DEFAULT } from '../../../domain/constants.ts';
import { activeFilterCount, DEFAULT_EXPLORE_SEARCH, type ExploreSearch } from '../../../domain/stay-filters.ts';
import { Button } from '../../../ui/button/button.tsx';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { Slider } from '../../../ui/slider/slider.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import * as styles from './explore.css.ts';

export interface FilterPanelProps {
  search: ExploreSearch;
  onChange(search: ExploreSearch): void;
}

const dollars = (value: number) => `$${value}`;

const StayFields = lazy(() => import('./stay-fields.tsx').then((module) => ({ default: module.StayFields })));

/** Holds the three stay fields' row while they load, so nothing below moves. */
function StayFieldsPlaceholder() {
  return (
    <>
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
      <div className={styles.fieldPlaceholder} aria-hidden="true" />
    </>
  );
}

/**
 * Location, Max Price, Min Wi-Fi Speed (docs/product.md §2, §9), the stay (check-in, duration, guests) the landing
 * search carries in, and Clear all. On phones the panel folds behind a "Filters" button that counts
 * the active filters; from tablet width up it is always open.
 */
export function FilterPanel({ search, onChange }: FilterPanelProps) {
  const [isOpen, setOpen] = useState(false);
  const panelId = useId();
  const count = activeFilterCount(search);
  return (
    <>
      <Button
        variant="outline"
        className={styles.filtersToggle}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onPress={() => setOpen((open) => !open)}
      >
        {count > 0 ? `Filters (${count})` : 'Filters'}
      </Button>
      <section id={panelId} aria-labelledby="explore-filters-heading" className={styles.filters} data-open={isOpen || undefined}>
        <h2 id="explore-filters-heading" className={styles.filtersHeading}>
          Filters
        </h2>
        <TextField
          label="Location"
          placeholder="City or country, e.g. Lisbon"
          value={search.location}
          onChange={(location) => onChange({ ...search, location })}
        />
        <Slider
          label="Max Price"
          minValue={MAX_PRICE_SLIDER.min}
          maxValue={MAX_PRICE_SLIDER.max}
          step={MAX_PRICE_SLIDER.step}
          value={search.maxPrice}
          onChange={(maxPrice) => onChange({ ...search, maxPrice })}
          formatValue={dollars}
          formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }}
        />
        <NumberField
          label="Min Wi-Fi Speed (Mbps)"
          minValue={MIN_WIFI_DEFAULT}
          step={10}
          value={search.minWifi}
          // A cleared field means "no minimum".
          onChange={(minWifi) => onChange({ ...search, minWifi: Number.isFinite(minWifi) ? minWifi : MIN_WIFI_DEFAULT })}
        />
        <Suspense fallback={<StayFieldsPlaceholder />}>
          <StayFields search={search} onChange={onChange} />
        </Suspense>
        <Button variant="ghost" className={styles.clearAll} isDisabled={count === 0} onPress={() => onChange(DEFAULT_EXPLORE_SEARCH)}>
          Clear all
        </Button>
      </section>
    </>
  );
}
