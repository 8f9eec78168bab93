// Host onboarding values (docs/product.md §2, §4): photo, profession and bio, visibility. Every change is saved
// at once, so the stored profile is the progress: a returning host resumes at the first missing step.
import type { HostProfile, HostProfilePatch } from './data/host-profile.ts';

export interface HostDraft {
  profile_photo: string;
  profession: string;
  bio: string;
  is_visible_to_guests: boolean;
}

export function hostDraftFromProfile(profile: HostProfile | null): HostDraft {
  return {
    profile_photo: profile?.profile_photo ?? '',
    profession: profile?.profession ?? '',
    bio: profile?.bio ?? '',
    is_visible_to_guests: profile?.is_visible_to_guests ?? true,
  };
}

export function hostResumeStep(profile: HostProfile | null): number {
  if (!profile?.profile_photo) return 1;
  if (!profile.profession?.trim()) return 2;
  return 3;
}

/** Profession and bio as stored while typing: trimmed, blank as null (Next still requires a profession). */
export function hostAboutPatch(values: { profession: string; bio: string }): HostProfilePatch {
  const profession = values.profession.trim();
  const bio = values.bio.trim();
  return { profession: profession || null, bio: bio || null };
}
