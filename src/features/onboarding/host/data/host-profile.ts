// Host onboarding's writes: queued through the outbox like the guest onboarding's.
import { completeOnboarding, saveOnboardingProgress, type OnboardingPatch, type OnboardingProfile } from '../../data/onboarding-profile.ts';

export type HostProfile = OnboardingProfile;
export type HostProfilePatch = Pick<OnboardingPatch, 'profile_photo' | 'profession' | 'bio' | 'is_visible_to_guests'>;

export const saveHostProfile = saveOnboardingProgress;

export function completeHostOnboarding(base: OnboardingPatch) {
  return completeOnboarding(base);
}

// Both onboardings upload the profile photo the same way.
export { onboardingBase, uploadProfilePhoto } from '../../data/onboarding-profile.ts';
