// Host onboarding's reads and writes, behind small functions so they can move to sync commands.
import { markOnboardingComplete, updateOwnProfile, type OwnProfile, type OwnProfilePatch } from '../../../../remote/profile-editing';

export type HostProfile = OwnProfile;
export type HostProfilePatch = Pick<OwnProfilePatch, 'profile_photo' | 'profession' | 'bio' | 'is_visible_to_guests'>;

export function saveHostProfile(userId: string, patch: HostProfilePatch): Promise<void> {
  return updateOwnProfile(userId, patch);
}

export function completeHostOnboarding(userId: string): Promise<void> {
  return markOnboardingComplete(userId);
}

// Both onboardings upload the profile photo the same way.
export { uploadProfilePhoto } from '../../data/onboarding-profile';
