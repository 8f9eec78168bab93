import { lazy, Suspense } from 'react';
import { MAX_PRICE_SLIDER, MIN_WIFI_DEFAULT } from '../../../domain/constants.ts';
import type { ExploreSearch } from '../../../domain/stay-filters.ts';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { Slider } from '../../../ui/slider/slider.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import { StayFieldsPlaceholder } from './stay-fields-placeholder.tsx';
import { FILTER_LABELS } from './filter-labels.ts';

const dollars = (value: number) => `$${value}`;

const StayFields = lazy(() => import('./stay-fields.tsx').then((module) => ({ default: module.StayFields })));

/** Location, Max Price, Min Wi-Fi Speed and the stay fields of the filter panel (loaded after first paint). */
export default function FilterFields({ search, onChange }: { search: ExploreSearch; onChange(search: ExploreSearch): void }) {
  return (
    <>
      <TextField
        label={FILTER_LABELS.location}
        placeholder="City or country, e.g. Lisbon"
        value={search.location}
        onChange={(location) => onChange({ ...search, location })}
      />
      <Slider
        label={FILTER_LABELS.maxPrice}
        minValue={MAX_PRICE_SLIDER.min}
        maxValue={MAX_PRICE_SLIDER.max}
        step={MAX_PRICE_SLIDER.step}
        value={search.maxPrice}
        onChange={(maxPrice) => onChange({ ...search, maxPrice })}
        formatValue={dollars}
        formatOptions={{ style: 'currency', currency: 'USD', maximumFractionDigits: 0 }}
      />
      <NumberField
        label={FILTER_LABELS.minWifi}
        minValue={MIN_WIFI_DEFAULT}
        step={10}
        value={search.minWifi}
        // A cleared field means "no minimum".
        onChange={(minWifi) => onChange({ ...search, minWifi: Number.isFinite(minWifi) ? minWifi : MIN_WIFI_DEFAULT })}
      />
      <Suspense fallback={<StayFieldsPlaceholder />}>
        <StayFields search={search} onChange={onChange} />
      </Suspense>
    </>
  );
}
