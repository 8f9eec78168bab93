// Filter inputs (docs/product.md §5, §9): the Explore Villas panel (location, max price 0–3000, min Wi-Fi ≥ 0)
// and the landing search bar (guests at least 1, duration from the select, check-in not past is
// enforced by the date picker). The landing bar does not pass its values on (docs/architecture.md §1).
import * as v from 'valibot';
import { MAX_PRICE_SLIDER, MIN_GUESTS, MIN_WIFI_DEFAULT, STAY_MONTH_OPTIONS } from '../constants.ts';
import { GUESTS_TOO_FEW, MAX_PRICE_OUT_OF_RANGE, NEGATIVE_WIFI } from '../messages.ts';
import { wholeAtLeast } from './fields.ts';

export const propertyFiltersSchema = v.object({
  location: v.pipe(v.optional(v.string(), ''), v.trim()),
  maxPrice: v.optional(
    v.pipe(v.number(MAX_PRICE_OUT_OF_RANGE), v.minValue(MAX_PRICE_SLIDER.min, MAX_PRICE_OUT_OF_RANGE), v.maxValue(MAX_PRICE_SLIDER.max, MAX_PRICE_OUT_OF_RANGE)),
    MAX_PRICE_SLIDER.default,
  ),
  minWifi: v.optional(v.pipe(v.number(NEGATIVE_WIFI), v.finite(NEGATIVE_WIFI), v.minValue(0, NEGATIVE_WIFI)), MIN_WIFI_DEFAULT),
});

export const landingSearchSchema = v.object({
  location: v.pipe(v.optional(v.string(), ''), v.trim()),
  checkIn: v.nullish(v.string(), null),
  duration: v.nullish(v.picklist(STAY_MONTH_OPTIONS), null),
  guests: wholeAtLeast(MIN_GUESTS, GUESTS_TOO_FEW),
});
