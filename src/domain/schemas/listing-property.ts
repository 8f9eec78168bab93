// The whole listing form of /property/new and /property/{id}/edit: the docs/product.md §5 property form rules
// (property-form.ts) plus the other columns a host edits there: workspace details, amenities (the
// fixed badges of docs/product.md §9 plus custom ones) and the Wi-Fi speed the Explore filter compares.
import * as v from 'valibot';
import { AMENITY_BADGES, NEW_PROPERTY_DEFAULTS } from '../constants.ts';
import { NEGATIVE_WIFI } from '../messages.ts';
import { optionalNumber, optionalText } from './fields.ts';
import { propertyFormSchema } from './property-form.ts';

export const AMENITY_MAX_LENGTH = 40;
/** The server allows 50 amenities per listing. */
export const AMENITIES_MAX = 50;

/** Trimmed, non-empty, without case-insensitive duplicates (first spelling wins), capped. */
export function normaliseAmenities(amenities: readonly string[]): string[] {
  const seen = new Set<string>();
  const result: string[] = [];
  for (const raw of amenities) {
    const amenity = raw.trim().slice(0, AMENITY_MAX_LENGTH);
    const key = amenity.toLocaleLowerCase();
    if (!amenity || seen.has(key)) continue;
    seen.add(key);
    result.push(amenity);
  }
  return result.slice(0, AMENITIES_MAX);
}

/** Adds a custom amenity typed by the host; unchanged when blank or already chosen (any case). */
export function addAmenity(amenities: readonly string[], typed: string): string[] {
  return normaliseAmenities([...amenities, typed]);
}

/** Custom amenities are the chosen ones that are not among the fixed badges. */
export function customAmenities(amenities: readonly string[]): string[] {
  const fixed = new Set<string>(AMENITY_BADGES.map((badge) => badge.toLocaleLowerCase()));
  return amenities.filter((amenity) => !fixed.has(amenity.toLocaleLowerCase()));
}

export const listingPropertySchema = v.object({
  ...propertyFormSchema.entries,
  workspace_details: optionalText(),
  amenities: v.pipe(v.optional(v.array(v.string()), []), v.transform((list: string[]) => normaliseAmenities(list))),
  wifi_speed_mbps: optionalNumber(NEGATIVE_WIFI, v.finite(NEGATIVE_WIFI), v.minValue(0, NEGATIVE_WIFI)),
});

export type ListingPropertyInput = v.InferInput<typeof listingPropertySchema>;
export type ListingProperty = v.InferOutput<typeof listingPropertySchema>;

/** The insert of a new listing: the form's values on top of the docs/product.md §9 new-property defaults. */
export function newPropertyInsert<T extends Partial<ListingProperty>>(values: T) {
  return { ...NEW_PROPERTY_DEFAULTS, ...values };
}
