import { useEffect } from 'react';
import type { BookedRange, BookingFieldErrors } from '../../../domain/booking-request.ts';
import { STAY_MONTH_OPTIONS } from '../../../domain/constants.ts';
import { formatApproxMonthly, formatMonthly, formatWeekly } from '../../../domain/pricing.ts';
import { stayMonthsLabel } from '../../../domain/stay-dates.ts';
import type { RoomRow } from '../../../db/tables.ts';
import { DatePicker } from '../../../ui/date-picker/date-picker.tsx';
import { Select } from '../../../ui/select/select.tsx';
import { weeklyPriceLabel } from '../components/room-price.ts';
import { isDayBooked } from './booked-ranges.ts';
import type { BookingDraft } from './booking-draft.ts';
import { BOOKING_FIELD_LABELS, CHECK_IN_HINT } from './booking-fields-texts.ts';
import * as styles from './booking-card.css.ts';

export type BookingFieldsProps = {
  rooms: readonly RoomRow[];
  /** The chosen room, if any. */
  room: RoomRow | null;
  draft: BookingDraft;
  onDraftChange: (draft: BookingDraft) => void;
  bookedRanges: readonly BookedRange[];
  fieldErrors: BookingFieldErrors;
  /** Called once the fields are on the page (a focus asked for before they loaded can then happen). */
  onLoaded: () => void;
};

/** '$290/week · $1,255.67/month': a month exactly as the monthly plan charges it once the stay's length is chosen. */
function roomPriceHint(weeklyPrice: number, months: number | null): string {
  return `${formatWeekly(weeklyPrice)} · ${months === null ? formatApproxMonthly(weeklyPrice) : formatMonthly(weeklyPrice, months)}`;
}

/** The booking card's room, check-in and duration fields (loaded after first paint: BookingCard). */
export default function BookingFields({ rooms, room, draft, onDraftChange, bookedRanges, fieldErrors, onLoaded }: BookingFieldsProps) {
  useEffect(() => onLoaded(), [onLoaded]);
  const roomItems = rooms.map((candidate) => ({
    id: candidate.id,
    label: `${candidate.name} · ${weeklyPriceLabel(candidate.price_per_week)}${candidate.is_available ? '' : ' (Not Available)'}`,
    isDisabled: !candidate.is_available,
  }));
  const durationItems = STAY_MONTH_OPTIONS.map((months) => ({ id: String(months), label: stayMonthsLabel(months) }));
  return (
    <>
      <div data-booking-field="roomId" className={styles.field}>
        <Select
          label={BOOKING_FIELD_LABELS.room}
          placeholder="Select a room"
          items={roomItems}
          selectedKey={draft.roomId}
          onSelectionChange={(key) => onDraftChange({ ...draft, roomId: key === null ? null : String(key) })}
          description={room ? roomPriceHint(room.price_per_week, draft.months) : undefined}
          errorMessage={fieldErrors.roomId}
        />
      </div>
      <div data-booking-field="checkIn" className={styles.field}>
        <DatePicker
          label={BOOKING_FIELD_LABELS.checkIn}
          value={draft.checkIn}
          onChange={(checkIn) => onDraftChange({ ...draft, checkIn })}
          disablePast
          isDateUnavailable={(day) => isDayBooked(day, draft.roomId, bookedRanges)}
          description={CHECK_IN_HINT[draft.roomId ? 'roomChosen' : 'noRoom']}
          errorMessage={fieldErrors.checkIn}
        />
      </div>
      <div data-booking-field="months" className={styles.field}>
        <Select
          label={BOOKING_FIELD_LABELS.duration}
          placeholder="Select duration"
          items={durationItems}
          selectedKey={draft.months === null ? null : String(draft.months)}
          onSelectionChange={(key) => onDraftChange({ ...draft, months: key === null ? null : Number(key) })}
          errorMessage={fieldErrors.months}
        />
      </div>
    </>
  );
}
