// The onboardings' reads (the local mirror: profile and role, so the steps open offline) and writes
// (queued through the outbox; only the photo upload itself needs the network).
import type { ProfileRow } from '../../../db/tables.ts';
import { STORAGE_BUCKETS } from '../../../domain/constants.ts';
import { useOwnProfile } from '../../../hooks/use-own-profile.ts';
import { timestampedPhotoPath, uploadPublicPhoto } from '../../../remote/photo-upload.ts';
import { queueProfileEdits, type QueuedProfileEdits } from '../../../sync/profile-save.ts';

export type OnboardingProfile = Pick<
  ProfileRow,
  'id' | 'name' | 'bio' | 'profession' | 'work_timezone' | 'interests' | 'show_in_whos_staying' | 'profile_photo' | 'is_visible_to_guests' | 'onboarding_complete'
>;
export type OnboardingPatch = Partial<Omit<OnboardingProfile, 'id'>>;
export type OwnRole = 'guest' | 'host';

export interface OnboardingAccount {
  role: OwnRole | null;
  profile: OnboardingProfile | null;
}

/**
 * The account from the mirror: undefined while it is loading, 'not-on-device' when offline and the
 * device holds no profile yet. Online, a row still waiting for its first pull (or for its role) counts
 * as loading, so a host is never shown the guest steps for a moment.
 */
export function useOnboardingAccount(userId: string | null, isOnline: boolean): OnboardingAccount | 'not-on-device' | undefined {
  const profile = useOwnProfile(userId);
  if (profile === undefined) return undefined;
  if (profile === null) return isOnline ? undefined : 'not-on-device';
  if (profile._role === undefined && isOnline) return undefined;
  return { role: profile._role ?? null, profile };
}

/** Queues the onboarding fields that differ from `base` (what the steps were filled from); resolves once stored on this device. */
export function saveOnboardingProgress(base: OnboardingPatch, patch: OnboardingPatch): Promise<QueuedProfileEdits<OnboardingPatch>> {
  return queueProfileEdits(base, patch);
}

/** Queues the last values and onboarding_complete as one write. */
export function completeOnboarding(base: OnboardingPatch, patch: OnboardingPatch = {}): Promise<QueuedProfileEdits<OnboardingPatch>> {
  return queueProfileEdits(base, { ...patch, onboarding_complete: true });
}

/** The stored fields a save compares against. */
export function onboardingBase(profile: OnboardingProfile | null): OnboardingPatch {
  if (!profile) return {};
  const { name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo, is_visible_to_guests, onboarding_complete } = profile;
  return { name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo, is_visible_to_guests, onboarding_complete };
}

/** Stores the photo at `{userId}/{timestamp}.{extension}` in profile-photos (online only) and returns its public URL. */
export function uploadProfilePhoto(userId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  return uploadPublicPhoto({ bucket: STORAGE_BUCKETS.profilePhotos, path: timestampedPhotoPath(userId, file), file, upsert: true, onProgress });
}
