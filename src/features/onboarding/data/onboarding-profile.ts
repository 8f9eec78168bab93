// The guest onboarding's reads and writes, behind small functions so they can move to sync commands.
import { STORAGE_BUCKETS } from '../../../domain/constants';
import { fetchOwnProfile, fetchOwnRole, markOnboardingComplete, updateOwnProfile, type OwnProfile, type OwnProfilePatch, type OwnRole } from '../../../remote/profile-editing';
import { timestampedPhotoPath, uploadPublicPhoto } from '../../../remote/photo-upload';

export type OnboardingProfile = OwnProfile;
export type OnboardingPatch = OwnProfilePatch;

export interface OnboardingAccount {
  role: OwnRole | null;
  profile: OnboardingProfile | null;
}

export async function loadOnboardingAccount(userId: string): Promise<OnboardingAccount> {
  const [role, profile] = await Promise.all([fetchOwnRole(userId), fetchOwnProfile(userId)]);
  return { role, profile };
}

export function saveOnboardingProgress(userId: string, patch: OnboardingPatch): Promise<void> {
  return updateOwnProfile(userId, patch);
}

/** Saves the last values and sets onboarding_complete in one write. */
export function completeOnboarding(userId: string, patch: OnboardingPatch): Promise<void> {
  return markOnboardingComplete(userId, patch);
}

/** Stores the photo at `{userId}/{timestamp}.{extension}` in profile-photos and returns its public URL. */
export function uploadProfilePhoto(userId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  return uploadPublicPhoto({ bucket: STORAGE_BUCKETS.profilePhotos, path: timestampedPhotoPath(userId, file), file, upsert: true, onProgress });
}
