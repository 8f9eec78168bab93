import { MAX_PRICE_SLIDER, MIN_WIFI_DEFAULT } from '../../../domain/constants';
import { DEFAULT_PROPERTY_FILTERS, hasActiveFilters, type PropertyFilters } from '../../../domain/filters';
import { Button } from '../../../ui/button/button';
import { NumberField } from '../../../ui/number-field/number-field';
import { Slider } from '../../../ui/slider/slider';
import { TextField } from '../../../ui/text-field/text-field';
import * as styles from './explore.css.ts';

export interface FilterPanelProps {
  filters: PropertyFilters;
  onChange(filters: PropertyFilters): void;
}

const dollars = (value: number) => `$${value}`;

/** Location, Max Price, Min Wi-Fi Speed and Clear all (SPEC §2, §9). */
export function FilterPanel({ filters, onChange }: FilterPanelProps) {
  return (
    <section aria-labelledby="explore-filters-heading" className={styles.filters}>
      <h2 id="explore-filters-heading" className={styles.filtersHeading}>
        Filters
      </h2>
      <TextField
        label="Location"
        placeholder="City or country, e.g. Lisbon"
        value={filters.location}
        onChange={(location) => onChange({ ...filters, location })}
      />
      <Slider
        label="Max Price"
        minValue={MAX_PRICE_SLIDER.min}
        maxValue={MAX_PRICE_SLIDER.max}
        step={MAX_PRICE_SLIDER.step}
        value={filters.maxPrice}
        onChange={(maxPrice) => onChange({ ...filters, maxPrice })}
        formatValue={dollars}
        formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }}
      />
      <NumberField
        label="Min Wi-Fi Speed (Mbps)"
        minValue={MIN_WIFI_DEFAULT}
        step={10}
        value={filters.minWifi}
        // A cleared field means "no minimum".
        onChange={(minWifi) => onChange({ ...filters, minWifi: Number.isFinite(minWifi) ? minWifi : MIN_WIFI_DEFAULT })}
      />
      <Button variant="ghost" className={styles.clearAll} isDisabled={!hasActiveFilters(filters)} onPress={() => onChange(DEFAULT_PROPERTY_FILTERS)}>
        Clear all
      </Button>
    </section>
  );
}
