// Property form (docs/product.md §2, §5): name, city and country trimmed and required; Save stays disabled
// until all three are filled. The map link is optional but must be a web address when given.
import * as v from 'valibot';
import { LOCATION_REQUIRED, MAP_LINK_INVALID, PROPERTY_NAME_REQUIRED } from '../messages.ts';
import { optionalText, requiredText } from './fields.ts';

const isWebAddress = (text: string): boolean => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

export const propertyFormSchema = v.object({
  name: requiredText(PROPERTY_NAME_REQUIRED),
  city: requiredText(LOCATION_REQUIRED),
  country: requiredText(LOCATION_REQUIRED),
  google_maps_url: v.pipe(optionalText(), v.check((url) => url === null || isWebAddress(url), MAP_LINK_INVALID)),
  description: optionalText(),
  photos: v.optional(v.array(v.string()), []),
});

export type PropertyFormInput = v.InferInput<typeof propertyFormSchema>;
export type PropertyForm = v.InferOutput<typeof propertyFormSchema>;

/** Save is enabled once name, city and country are non-blank. */
export function isPropertyFormComplete(draft: { name?: string | null; city?: string | null; country?: string | null }): boolean {
  return [draft.name, draft.city, draft.country].every((field) => (field ?? '').trim() !== '');
}
