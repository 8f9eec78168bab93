import { useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { MIN_GUESTS, STAY_MONTH_OPTIONS } from '../../../domain/constants.ts';
import { DEFAULT_EXPLORE_SEARCH, toExploreQuery } from '../../../domain/stay-filters.ts';
import { Button } from '../../../ui/button/button.tsx';
import { DatePicker } from '../../../ui/date-picker/date-picker.tsx';
import { NumberField } from '../../../ui/number-field/number-field.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { TextField } from '../../../ui/text-field/text-field.tsx';
import * as styles from './search-bar.css.ts';

const durationItems = STAY_MONTH_OPTIONS.map((months) => ({
  id: String(months),
  label: `${months} ${months === 1 ? 'month' : 'months'}`,
}));

/**
 * Landing search bar (docs/product.md §2). Beyond the spec (docs/decisions/landing-search-to-explore.md),
 * its search carries location, check-in, duration and guests into Explore's filters and URL.
 */
export function SearchBar() {
  const [, navigate] = useLocation();
  const [location, setLocation] = useState('');
  const [checkIn, setCheckIn] = useState<string | null>(null);
  const [duration, setDuration] = useState<string | null>(null);
  const [guests, setGuests] = useState(MIN_GUESTS);

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const query = toExploreQuery({
      ...DEFAULT_EXPLORE_SEARCH,
      location: location.trim(),
      checkIn: checkIn ?? '',
      months: duration === null ? null : Number(duration),
      guests: Math.max(MIN_GUESTS, Math.round(guests)),
    });
    navigate(query ? `/properties?${query}` : '/properties');
  }

  return (
    <form className={styles.bar} role="search" aria-label="Search villas" onSubmit={handleSubmit}>
      <TextField className={styles.location} label="Location" placeholder="Bali, Lisbon, Medellín…" value={location} onChange={setLocation} />
      <DatePicker label="Check in" value={checkIn} onChange={setCheckIn} disablePast />
      <Select
        label="Duration"
        placeholder="Months"
        items={durationItems}
        selectedKey={duration}
        onSelectionChange={(key) => setDuration(key === null ? null : String(key))}
      />
      <NumberField label="Guests" minValue={MIN_GUESTS} value={guests} onChange={(value) => setGuests(Number.isNaN(value) ? MIN_GUESTS : value)} />
      <Button type="submit" size="lg" className={styles.submit}>
        Search
      </Button>
    </form>
  );
}
