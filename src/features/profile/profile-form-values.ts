// The profile form's values from the stored row and back, and the Account Type badge (docs/product.md §2 Profile page).
import { formatInterestList } from '../../domain/interests.ts';
import type { ProfileFormInput, ProfileUpdate } from '../../domain/schemas/profile-form.ts';
import type { EditableProfile } from './data/profile.ts';

export type ProfileFormValues = Required<{ [K in keyof ProfileFormInput]: NonNullable<ProfileFormInput[K]> }> & {
  /** the host's "Show my profile to guests" */
  is_visible_to_guests: boolean;
};

/** The stored fields the form edits (what a save compares against). */
export type ProfileFormFields = Pick<EditableProfile, 'name' | 'bio' | 'profession' | 'work_timezone' | 'interests' | 'show_in_whos_staying' | 'is_visible_to_guests'>;

export function formFieldsOf(profile: ProfileFormFields): ProfileFormFields {
  const { name, bio, profession, work_timezone, interests, show_in_whos_staying, is_visible_to_guests } = profile;
  return { name, bio, profession, work_timezone, interests, show_in_whos_staying, is_visible_to_guests };
}

export function formValuesFromProfile(profile: ProfileFormFields): ProfileFormValues {
  return {
    name: profile.name ?? '',
    bio: profile.bio ?? '',
    profession: profile.profession ?? '',
    work_timezone: profile.work_timezone ?? '',
    interests: formatInterestList(profile.interests),
    show_in_whos_staying: profile.show_in_whos_staying,
    is_visible_to_guests: profile.is_visible_to_guests,
  };
}

/** The parsed form as stored fields; the host flag only for hosts (guests never write it). */
export function fieldsFromForm(parsed: ProfileUpdate, isVisibleToGuests: boolean, isHost: boolean): Partial<ProfileFormFields> {
  return isHost ? { ...parsed, is_visible_to_guests: isVisibleToGuests } : parsed;
}

/** Guest or Host from user_roles; User when no role is stored. */
export function accountTypeLabel(role: string | null): 'Guest' | 'Host' | 'User' {
  if (role === 'guest') return 'Guest';
  if (role === 'host') return 'Host';
  return 'User';
}
