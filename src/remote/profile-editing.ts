import { loadClient } from './load-client';

/** The signed-in user's own profile, as the onboarding and profile pages edit it (SPEC §3). */
export interface OwnProfile {
  id: string;
  name: string;
  bio: string | null;
  profession: string | null;
  work_timezone: string | null;
  interests: string[];
  show_in_whos_staying: boolean;
  profile_photo: string | null;
  is_visible_to_guests: boolean;
  onboarding_complete: boolean;
}

/** Columns a user may change on their own row (the profiles grants). */
export type OwnProfilePatch = Partial<Omit<OwnProfile, 'id'>>;

export type OwnRole = 'guest' | 'host';

/** postgrest-js hands back failures as plain objects; callers get an Error carrying the server's message and code. */
export class ProfileRequestError extends Error {
  readonly code: string | null;

  constructor(failure: { message?: string; code?: string }) {
    super(failure.message || 'The profile request failed');
    this.name = 'ProfileRequestError';
    this.code = failure.code ?? null;
  }
}

const ownProfileColumns =
  'id, name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo, is_visible_to_guests, onboarding_complete';

export async function fetchOwnProfile(userId: string): Promise<OwnProfile | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('profiles').select(ownProfileColumns).eq('id', userId).maybeSingle();
  if (error) throw new ProfileRequestError(error);
  if (!data) return null;
  const row = data as OwnProfile;
  return { ...row, interests: row.interests ?? [] };
}

/** Updates the user's own row; RLS silently matching no row is reported as an error too. */
export async function updateOwnProfile(userId: string, patch: OwnProfilePatch): Promise<void> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('profiles').update(patch).eq('id', userId).select('id');
  if (error) throw new ProfileRequestError(error);
  if (!data || data.length === 0) throw new Error('Profile not found');
}

export function markOnboardingComplete(userId: string, patch: OwnProfilePatch = {}): Promise<void> {
  return updateOwnProfile(userId, { ...patch, onboarding_complete: true });
}

/** The role chosen at sign-up (SPEC §6), or null when none is stored yet. */
export async function fetchOwnRole(userId: string): Promise<OwnRole | null> {
  const supabase = await loadClient();
  const { data, error } = await supabase.from('user_roles').select('role').eq('user_id', userId).maybeSingle();
  if (error) throw new ProfileRequestError(error);
  const role: unknown = data?.role;
  return role === 'guest' || role === 'host' ? role : null;
}
