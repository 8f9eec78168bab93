// The profile page's reads and writes, behind small functions so they can move to sync commands.
import { STORAGE_BUCKETS } from '../../../domain/constants';
import type { ProfileUpdate } from '../../../domain/schemas/profile-form';
import { fetchOwnProfile, fetchOwnRole, updateOwnProfile, type OwnProfile, type OwnRole } from '../../../remote/profile-editing';
import { timestampedPhotoPath, uploadPublicPhoto } from '../../../remote/photo-upload';

export type EditableProfile = OwnProfile;

export interface ProfileAccount {
  profile: EditableProfile;
  role: OwnRole | null;
}

export async function loadProfileAccount(userId: string): Promise<ProfileAccount> {
  const [profile, role] = await Promise.all([fetchOwnProfile(userId), fetchOwnRole(userId)]);
  if (!profile) throw new Error('Profile not found');
  return { profile, role };
}

/** The SPEC §7 update (name, bio, profession, work_timezone, interests, show_in_whos_staying), plus the host visibility flag for hosts. */
export function saveProfile(userId: string, update: ProfileUpdate & { is_visible_to_guests?: boolean }): Promise<void> {
  return updateOwnProfile(userId, update);
}

/** Uploads to profile-photos at `{userId}/{timestamp}.{extension}`, stores the public URL on the profile, returns it. */
export async function replaceProfilePhoto(userId: string, file: File, onProgress: (fraction: number) => void): Promise<string> {
  const url = await uploadPublicPhoto({ bucket: STORAGE_BUCKETS.profilePhotos, path: timestampedPhotoPath(userId, file), file, upsert: true, onProgress });
  await updateOwnProfile(userId, { profile_photo: url });
  return url;
}
