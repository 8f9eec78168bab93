// Dashboard Add Room dialog (docs/product.md §5): name, monthly price and capacity required (Missing fields /
// Please fill in all required fields); price and Wi-Fi inputs not negative (step 0.01).
// The weekly price is optional here, but every booking total is computed from a weekly price
// (months × 4.33 × weekly), so when it is left out it is derived as monthly / 4.33 (to the
// cent): a stay of n months then costs n × the monthly price the host typed.
import * as v from 'valibot';
import { WEEKS_PER_MONTH_TOTAL } from '../constants.ts';
import { CAPACITY_TOO_LOW, MISSING_FIELDS, NEGATIVE_PRICE, NEGATIVE_WIFI, STAY_RANGE_INVERTED } from '../messages.ts';
import { optionalNumber, optionalText, requiredNumber, requiredText } from './fields.ts';
import { isStayWeeksInOrder, stayWeeksEntries } from './room-stay-range.ts';

const MISSING = MISSING_FIELDS.description ?? MISSING_FIELDS.title;

export const addRoomDialogSchema = v.pipe(
  v.object({
    name: requiredText(MISSING),
    description: optionalText(),
    price_per_month: requiredNumber(MISSING, v.finite(MISSING), v.minValue(0, NEGATIVE_PRICE)),
    price_per_week: optionalNumber(NEGATIVE_PRICE, v.finite(NEGATIVE_PRICE), v.minValue(0, NEGATIVE_PRICE)),
    capacity: requiredNumber(MISSING, v.integer(CAPACITY_TOO_LOW), v.minValue(1, CAPACITY_TOO_LOW)),
    ...stayWeeksEntries,
    wifi_speed_mbps: optionalNumber(NEGATIVE_WIFI, v.finite(NEGATIVE_WIFI), v.minValue(0, NEGATIVE_WIFI)),
  }),
  // A partial check, so it still runs while other fields have issues.
  v.forward(
    v.partialCheck([['min_stay_weeks'], ['max_stay_weeks']], isStayWeeksInOrder, STAY_RANGE_INVERTED),
    ['max_stay_weeks'],
  ),
  v.transform((room) => ({
    ...room,
    price_per_week: room.price_per_week || Math.round((room.price_per_month / WEEKS_PER_MONTH_TOTAL) * 100) / 100,
  })),
);

export type AddRoomDialogInput = v.InferInput<typeof addRoomDialogSchema>;
export type AddRoomDialog = v.InferOutput<typeof addRoomDialogSchema>;
