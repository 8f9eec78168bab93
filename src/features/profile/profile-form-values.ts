// The profile form's text values from the stored row, and the Account Type badge (SPEC §2 Profile page).
import { formatInterestList } from '../../domain/interests';
import type { ProfileFormInput } from '../../domain/schemas/profile-form';
import type { EditableProfile } from './data/profile';

export type ProfileFormValues = Required<{ [K in keyof ProfileFormInput]: NonNullable<ProfileFormInput[K]> }>;

export function formValuesFromProfile(profile: EditableProfile): ProfileFormValues {
  return {
    name: profile.name ?? '',
    bio: profile.bio ?? '',
    profession: profile.profession ?? '',
    work_timezone: profile.work_timezone ?? '',
    interests: formatInterestList(profile.interests),
    show_in_whos_staying: profile.show_in_whos_staying,
  };
}

/** Guest or Host from user_roles; User when no role is stored. */
export function accountTypeLabel(role: string | null): 'Guest' | 'Host' | 'User' {
  if (role === 'guest') return 'Guest';
  if (role === 'host') return 'Host';
  return 'User';
}
