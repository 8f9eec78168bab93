// Guest onboarding (docs/product.md §2, §5): six steps, Continue allowed when the current step is valid.
// Step 1 photo (required), 2 profession (required, "Profession *") and bio, 3 timezone from the
// fixed list, 4 up to 6 interests, 5 privacy switch, 6 preview (nothing to check).
import * as v from 'valibot';
import { MAX_INTERESTS, TIMEZONES } from '../constants.ts';
import { TIMEZONE_NOT_IN_LIST, TOO_MANY_INTERESTS } from '../messages.ts';
import { requiredChoice } from './fields.ts';
import { bioField, professionField, profilePhotoField } from './onboarding-fields.ts';

export const guestPhotoStepSchema = v.object({ profile_photo: profilePhotoField });
export const guestAboutStepSchema = v.object({ profession: professionField, bio: bioField });
export const guestTimezoneStepSchema = v.object({ work_timezone: requiredChoice(TIMEZONES, TIMEZONE_NOT_IN_LIST) });
export const guestInterestsStepSchema = v.object({
  interests: v.optional(
    v.pipe(v.array(v.pipe(v.string(), v.trim(), v.nonEmpty())), v.maxLength(MAX_INTERESTS, TOO_MANY_INTERESTS)),
    [],
  ),
});
export const guestPrivacyStepSchema = v.object({ show_in_whos_staying: v.boolean() });

/** Everything Finish saves. */
export const guestOnboardingSchema = v.object({
  ...guestPhotoStepSchema.entries,
  ...guestAboutStepSchema.entries,
  ...guestTimezoneStepSchema.entries,
  ...guestInterestsStepSchema.entries,
  ...guestPrivacyStepSchema.entries,
});
export type GuestOnboardingInput = v.InferInput<typeof guestOnboardingSchema>;
export type GuestOnboarding = v.InferOutput<typeof guestOnboardingSchema>;

/** Step n (1-based) → the schema Continue checks; step 6 is the preview. */
const STEP_SCHEMAS = [
  guestPhotoStepSchema, guestAboutStepSchema, guestTimezoneStepSchema, guestInterestsStepSchema, guestPrivacyStepSchema, null,
] as const;

export function isGuestOnboardingStepValid(step: number, data: Partial<GuestOnboardingInput>): boolean {
  const schema = STEP_SCHEMAS[step - 1];
  if (schema === undefined) return false;
  return schema === null || v.safeParse(schema, data).success;
}
