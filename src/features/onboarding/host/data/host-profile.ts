// Host onboarding's reads and writes, behind small functions so they can move to sync commands.
import { fetchOwnProfile, fetchOwnRole, markOnboardingComplete, updateOwnProfile, type OwnProfile, type OwnProfilePatch, type OwnRole } from '../../../../remote/profile-editing';

export type HostProfile = OwnProfile;
export type HostProfilePatch = Pick<OwnProfilePatch, 'profile_photo' | 'profession' | 'bio' | 'is_visible_to_guests'>;

export interface HostAccount {
  role: OwnRole | null;
  profile: HostProfile | null;
}

export async function loadHostAccount(userId: string): Promise<HostAccount> {
  const [role, profile] = await Promise.all([fetchOwnRole(userId), fetchOwnProfile(userId)]);
  return { role, profile };
}

export function saveHostProfile(userId: string, patch: HostProfilePatch): Promise<void> {
  return updateOwnProfile(userId, patch);
}

export function completeHostOnboarding(userId: string): Promise<void> {
  return markOnboardingComplete(userId);
}

// Both onboardings upload the profile photo the same way.
export { uploadProfilePhoto } from '../../data/onboarding-profile';
