import { MIN_GUESTS, STAY_MONTH_OPTIONS } from '../../../domain/constants.ts';
import type { ExploreSearch } from '../../../domain/stay-filters.ts';
import { DatePicker } from '../../../ui/date-picker/date-picker.tsx';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { FILTER_LABELS } from './filter-labels.ts';

const durationItems = [
  { id: 'any', label: 'Any length' },
  ...STAY_MONTH_OPTIONS.map((months) => ({ id: String(months), label: `${months} ${months === 1 ? 'month' : 'months'}` })),
];

/**
 * Check in, Duration and Guests of the filter panel. Loaded just after the list (like the landing search
 * bar's fields): the calendar and select are the heaviest controls and are not needed for the first paint.
 */
export function StayFields({ search, onChange }: { search: ExploreSearch; onChange(search: ExploreSearch): void }) {
  return (
    <>
      <DatePicker label={FILTER_LABELS.checkIn} value={search.checkIn || null} onChange={(checkIn) => onChange({ ...search, checkIn: checkIn ?? '' })} disablePast />
      <Select
        label={FILTER_LABELS.duration}
        items={durationItems}
        selectedKey={search.months === null ? 'any' : String(search.months)}
        onSelectionChange={(key) => onChange({ ...search, months: key === null || key === 'any' ? null : Number(key) })}
      />
      <NumberField
        label={FILTER_LABELS.guests}
        minValue={MIN_GUESTS}
        value={search.guests}
        onChange={(guests) => onChange({ ...search, guests: Number.isFinite(guests) ? Math.max(MIN_GUESTS, Math.round(guests)) : MIN_GUESTS })}
      />
    </>
  );
}
