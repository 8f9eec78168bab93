// The profile page's reads (the local mirror, so the page works offline) and writes (queued through
// the outbox; only the photo upload itself needs the network).
import type { ProfileRow } from '../../../db/tables.ts';
import { STORAGE_BUCKETS } from '../../../domain/constants.ts';
import type { ProfileFields } from '../../../domain/profile-changes.ts';
import { useOwnProfile as useOwnProfileRow } from '../../../hooks/use-own-profile.ts';
import { timestampedPhotoPath, uploadPublicPhoto } from '../../../remote/photo-upload.ts';
import { queueProfileEdits, settleProfileSave, type ProfileSaveOutcome, type QueuedProfileEdits } from '../../../sync/profile-save.ts';

export type EditableProfile = ProfileRow;

/** The user's own profile row from the mirror: undefined while loading, null when the device does not hold it yet. */
export function useOwnProfile(userId: string | null): EditableProfile | null | undefined {
  return useOwnProfileRow(userId);
}

/** The role the sync engine stored on the user's own row (null: none known on this device). */
export function roleOf(profile: EditableProfile): 'guest' | 'host' | null {
  return profile._role ?? null;
}

/** Queues the changed fields (see queueProfileEdits); resolves once stored on this device. */
export function saveProfileEdits<T extends ProfileFields>(base: T, edited: Partial<T>): Promise<QueuedProfileEdits<T>> {
  return queueProfileEdits(base, edited);
}

/** Online: sends the save now and says whether it reached the server, is still queued, or was refused. */
export function confirmProfileSave(entryId: string): Promise<ProfileSaveOutcome> {
  return settleProfileSave(entryId);
}

/**
 * Uploads to profile-photos at `{userId}/{timestamp}.{extension}` (online only), then queues the new
 * URL based on the photo the page showed; returns the URL.
 */
export async function replaceProfilePhoto(userId: string, file: File, shownPhoto: string | null, onProgress: (fraction: number) => void): Promise<string> {
  const url = await uploadPublicPhoto({ bucket: STORAGE_BUCKETS.profilePhotos, path: timestampedPhotoPath(userId, file), file, upsert: true, onProgress });
  await queueProfileEdits({ profile_photo: shownPhoto }, { profile_photo: url });
  return url;
}
