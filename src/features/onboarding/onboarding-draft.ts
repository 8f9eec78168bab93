// What the six guest onboarding steps hold while the user moves through them (docs/product.md §3 "onboarding
// data held locally"), how a returning user resumes, and what each Continue saves (docs/product.md §4).
import * as v from 'valibot';
import { GUEST_ONBOARDING_STEPS } from '../../domain/constants.ts';
import {
  guestAboutStepSchema,
  guestInterestsStepSchema,
  guestPhotoStepSchema,
  guestPrivacyStepSchema,
  guestTimezoneStepSchema,
} from '../../domain/schemas/guest-onboarding.ts';
import { defaultTimezone, isListedTimezone } from '../../domain/timezones.ts';
import type { OnboardingProfile, OnboardingPatch } from './data/onboarding-profile.ts';

export interface OnboardingDraft {
  profile_photo: string;
  profession: string;
  bio: string;
  work_timezone: string;
  interests: readonly string[];
  show_in_whos_staying: boolean;
}

/** Stored values fill the steps again; the timezone falls back to the browser zone when not a listed one. */
export function draftFromProfile(profile: OnboardingProfile | null, browserZone?: string): OnboardingDraft {
  return {
    profile_photo: profile?.profile_photo ?? '',
    profession: profile?.profession ?? '',
    bio: profile?.bio ?? '',
    work_timezone: isListedTimezone(profile?.work_timezone) ? profile.work_timezone : defaultTimezone(browserZone),
    interests: profile?.interests ?? [],
    show_in_whos_staying: profile?.show_in_whos_staying ?? true,
  };
}

/**
 * Where a returning user picks up: each Continue saved the steps before it, so the first step whose
 * value was never stored is where they left. Interests may rightly be empty, so a user who got past
 * the timezone resumes at interests.
 */
export function resumeStep(profile: OnboardingProfile | null): number {
  if (!profile?.profile_photo) return 1;
  if (!profile.profession?.trim()) return 2;
  if (!isListedTimezone(profile.work_timezone)) return 3;
  return 4;
}

const stepSchemas = [guestPhotoStepSchema, guestAboutStepSchema, guestTimezoneStepSchema, guestInterestsStepSchema, guestPrivacyStepSchema];

/**
 * The accumulated data of steps 1…throughStep as the profile stores it (trimmed, blank bio as null),
 * parsed by the same step schemas that enable Continue. A step that does not parse contributes nothing.
 */
export function progressPatch(draft: OnboardingDraft, throughStep: number): OnboardingPatch {
  const patch: OnboardingPatch = {};
  const input = { ...draft, interests: [...draft.interests] };
  for (const schema of stepSchemas.slice(0, Math.min(throughStep, GUEST_ONBOARDING_STEPS - 1))) {
    const result = v.safeParse(schema, input);
    if (result.success) Object.assign(patch, result.output);
  }
  return patch;
}
