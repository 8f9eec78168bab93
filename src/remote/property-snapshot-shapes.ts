// The two property-page reads that are not mirrored tables (Who's Staying and a listing's taken dates):
// their request shapes and how an answer is read, shared by the page's own fetch (property-detail.ts,
// property-housemates.ts) and the sync engine's refresh of the copies kept for offline use
// (src/sync/property-snapshots.ts). No supabase-js here: the engine talks through its SyncRemote.

/** A booked_dates row (public: it names no guest). Held rows block until held_until. */
export interface BookedDatesRow {
  booking_id: string;
  room_id: string;
  start_date: string;
  end_date: string;
  status: 'held' | 'paid' | 'accepted';
  held_until: string | null;
}

export const BOOKED_DATES_VIEW = 'booked_dates';
export const BOOKED_DATE_COLUMNS = 'booking_id, room_id, start_date, end_date, status, held_until';
/** Statuses that take a room's dates (check_booking_conflict agrees). */
export const BLOCKING_STATUSES = ['held', 'paid', 'accepted'] as const;
/** Most ranges read for one listing. */
export const MAX_BOOKED_RANGES = 1000;

/** Expired holds no longer block anyone (check_booking_conflict ignores them too). */
export function liveRanges(rows: readonly BookedDatesRow[], now = Date.now()): BookedDatesRow[] {
  return rows.filter((row) => row.status !== 'held' || (row.held_until !== null && Date.parse(row.held_until) > now));
}

/**
 * Who's Staying (docs/product.md §9, docs/architecture.md §4): get_housemates returns only what may be shown (first initial,
 * age band, profession, timezone, up to 3 interests) of opted-in guests, and only to the host or a
 * guest with a current or upcoming stay at the property.
 */
export interface Housemate {
  user_id: string;
  first_initial: string;
  age_band: string | null;
  profession: string | null;
  work_timezone: string | null;
  interests: string[];
  check_in: string;
  check_out: string;
}

export const HOUSEMATES_RPC = 'get_housemates';
export const housematesArgs = (propertyId: string) => ({ p_property_id: propertyId });

export function toHousemates(data: unknown): Housemate[] {
  return ((data ?? []) as Housemate[]).map((row) => ({ ...row, interests: row.interests ?? [] }));
}
