// The room's fields and their rules (docs/product.md §2, §5), for both room forms:
// - the add-room / edit-room page (`roomFormSchema`): name required (Room name required), weekly price above 0
//   (Price required / Please enter a valid price per week), capacity at least 1, monthly price optional (above 0
//   when given);
// - the dashboard Add Room dialog (`addRoomDialogSchema`): name, monthly price and capacity required (Missing
//   fields / Please fill in all required fields), prices not negative (step 0.01). Its weekly price is optional,
//   but every booking total is computed from a weekly price (months × 4.33 × weekly), so when it is left out it
//   is derived as monthly / 4.33 (to the cent): a stay of n months then costs n × the monthly price the host typed.
// Both: description optional, stays of at least 1 week with min ≤ max, Wi-Fi speed optional and not negative.
import * as v from 'valibot';
import { WEEKS_PER_MONTH_TOTAL } from '../constants.ts';
import {
  CAPACITY_TOO_LOW, MAX_STAY_TOO_LOW, MIN_STAY_TOO_LOW, MISSING_FIELDS, MONTHLY_PRICE_INVALID, NEGATIVE_PRICE, NEGATIVE_WIFI,
  PRICE_REQUIRED, ROOM_NAME_REQUIRED, STAY_RANGE_INVERTED,
} from '../messages.ts';
import { optionalNumber, optionalText, requiredNumber, requiredText, wholeAtLeast } from './fields.ts';

/** What a room form holds while the host types; number inputs hold NaN when empty. */
export interface RoomDraft {
  name: string;
  description: string;
  price_per_week: number;
  price_per_month: number;
  capacity: number;
  min_stay_weeks: number;
  max_stay_weeks: number;
  wifi_speed_mbps: number;
}

/**
 * A room's entries in the forms' order (the first issue names the toast): the name, price and capacity
 * rules the two forms differ in, around the rules they share.
 */
function roomEntries<TName extends v.GenericSchema, TPrices extends v.ObjectEntries, TCapacity extends v.GenericSchema>(
  name: TName,
  prices: TPrices,
  capacity: TCapacity,
) {
  return {
    name,
    description: optionalText(),
    ...prices,
    capacity,
    min_stay_weeks: wholeAtLeast(1, MIN_STAY_TOO_LOW),
    max_stay_weeks: wholeAtLeast(1, MAX_STAY_TOO_LOW),
    wifi_speed_mbps: optionalNumber(NEGATIVE_WIFI, v.finite(NEGATIVE_WIFI), v.minValue(0, NEGATIVE_WIFI)),
  };
}

/** min ≤ max; the forms report it on max_stay_weeks, the field a host usually corrects. */
const isStayWeeksInOrder = (room: { min_stay_weeks: number; max_stay_weeks: number }): boolean =>
  room.min_stay_weeks <= room.max_stay_weeks;

const PRICE_INVALID = PRICE_REQUIRED.description ?? PRICE_REQUIRED.title;

export const roomFormSchema = v.pipe(
  v.object({
    ...roomEntries(
      requiredText(ROOM_NAME_REQUIRED),
      {
        price_per_week: requiredNumber(PRICE_INVALID, v.finite(PRICE_INVALID), v.gtValue(0, PRICE_INVALID)),
        price_per_month: optionalNumber(MONTHLY_PRICE_INVALID, v.finite(MONTHLY_PRICE_INVALID), v.gtValue(0, MONTHLY_PRICE_INVALID)),
      },
      wholeAtLeast(1, CAPACITY_TOO_LOW),
    ),
    is_available: v.optional(v.boolean(), true),
    photos: v.optional(v.array(v.string()), []),
  }),
  // A partial check, so it still runs while other fields have issues.
  v.forward(v.partialCheck([['min_stay_weeks'], ['max_stay_weeks']], isStayWeeksInOrder, STAY_RANGE_INVERTED), ['max_stay_weeks']),
);

export type RoomForm = v.InferOutput<typeof roomFormSchema>;

const MISSING = MISSING_FIELDS.description ?? MISSING_FIELDS.title;

export const addRoomDialogSchema = v.pipe(
  v.object(roomEntries(
    requiredText(MISSING),
    {
      price_per_month: requiredNumber(MISSING, v.finite(MISSING), v.minValue(0, NEGATIVE_PRICE)),
      price_per_week: optionalNumber(NEGATIVE_PRICE, v.finite(NEGATIVE_PRICE), v.minValue(0, NEGATIVE_PRICE)),
    },
    requiredNumber(MISSING, v.integer(CAPACITY_TOO_LOW), v.minValue(1, CAPACITY_TOO_LOW)),
  )),
  v.forward(v.partialCheck([['min_stay_weeks'], ['max_stay_weeks']], isStayWeeksInOrder, STAY_RANGE_INVERTED), ['max_stay_weeks']),
  v.transform((room) => ({
    ...room,
    price_per_week: room.price_per_week || Math.round((room.price_per_month / WEEKS_PER_MONTH_TOTAL) * 100) / 100,
  })),
);
