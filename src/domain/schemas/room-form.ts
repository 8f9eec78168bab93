// Add-room / edit-room page (docs/product.md §2, §5): name required, weekly price above 0 (Price required /
// Please enter a valid price per week), capacity and min/max stay weeks at least 1, monthly
// price optional (above 0 when given), Wi-Fi speed optional and not negative.
import * as v from 'valibot';
import {
  CAPACITY_TOO_LOW, MONTHLY_PRICE_INVALID, NEGATIVE_WIFI, PRICE_REQUIRED, ROOM_NAME_REQUIRED, STAY_RANGE_INVERTED,
} from '../messages.ts';
import { optionalNumber, optionalText, requiredNumber, requiredText, wholeAtLeast } from './fields.ts';
import { isStayWeeksInOrder, stayWeeksEntries } from './room-stay-range.ts';

const PRICE_INVALID = PRICE_REQUIRED.description ?? PRICE_REQUIRED.title;

export const roomFormSchema = v.pipe(
  v.object({
    name: requiredText(ROOM_NAME_REQUIRED),
    description: optionalText(),
    price_per_week: requiredNumber(PRICE_INVALID, v.finite(PRICE_INVALID), v.gtValue(0, PRICE_INVALID)),
    price_per_month: optionalNumber(MONTHLY_PRICE_INVALID, v.finite(MONTHLY_PRICE_INVALID), v.gtValue(0, MONTHLY_PRICE_INVALID)),
    capacity: wholeAtLeast(1, CAPACITY_TOO_LOW),
    ...stayWeeksEntries,
    wifi_speed_mbps: optionalNumber(NEGATIVE_WIFI, v.finite(NEGATIVE_WIFI), v.minValue(0, NEGATIVE_WIFI)),
    is_available: v.optional(v.boolean(), true),
    photos: v.optional(v.array(v.string()), []),
  }),
  // A partial check, so it still runs while other fields have issues.
  v.forward(
    v.partialCheck([['min_stay_weeks'], ['max_stay_weeks']], isStayWeeksInOrder, STAY_RANGE_INVERTED),
    ['max_stay_weeks'],
  ),
);

export type RoomFormInput = v.InferInput<typeof roomFormSchema>;
export type RoomForm = v.InferOutput<typeof roomFormSchema>;
