// Host onboarding (docs/product.md §2, §4): Next is enabled only if step 1 has a photo and step 2 a
// profession; steps 3 (Show my profile to guests) and 4 (preview) are always valid.
import * as v from 'valibot';
import { bioField, professionField, profilePhotoField } from './onboarding-fields.ts';

export const hostPhotoStepSchema = v.object({ profile_photo: profilePhotoField });
export const hostAboutStepSchema = v.object({ profession: professionField, bio: bioField });
export const hostVisibilityStepSchema = v.object({ is_visible_to_guests: v.boolean() });

export const hostOnboardingSchema = v.object({
  ...hostPhotoStepSchema.entries,
  ...hostAboutStepSchema.entries,
  ...hostVisibilityStepSchema.entries,
});
export type HostOnboardingInput = v.InferInput<typeof hostOnboardingSchema>;
export type HostOnboarding = v.InferOutput<typeof hostOnboardingSchema>;

export function isHostOnboardingStepValid(step: number, data: Partial<HostOnboardingInput>): boolean {
  if (step === 1) return v.safeParse(hostPhotoStepSchema, data).success;
  if (step === 2) return v.safeParse(hostAboutStepSchema, data).success;
  return step === 3 || step === 4;
}
