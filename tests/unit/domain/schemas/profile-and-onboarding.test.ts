import { describe, expect, it } from 'vitest';
import * as v from 'valibot';
import { profileFormSchema } from '../../../../src/domain/schemas/profile-form.ts';
import {
  guestAboutStepSchema, guestOnboardingSchema, isGuestOnboardingStepValid, type GuestOnboardingInput,
} from '../../../../src/domain/schemas/guest-onboarding.ts';
import { isHostOnboardingStepValid } from '../../../../src/domain/schemas/host-onboarding.ts';
import { validateForm } from '../../../../src/domain/schemas/validate-form.ts';

const firstError = (schema: v.GenericSchema, input: unknown): string | null => {
  const result = v.safeParse(schema, input);
  return result.success ? null : (result.issues[0]?.message ?? null);
};

describe('profile form', () => {
  const valid = {
    name: ' Maya ', bio: '  Surfer and designer ', profession: ' Designer ', work_timezone: 'UTC+1',
    interests: 'Surfing, , Yoga ,Coffee', show_in_whos_staying: true,
  };

  it('trims text and splits interests on commas', () => {
    expect(validateForm(profileFormSchema, valid)).toEqual({
      ok: true,
      value: { name: 'Maya', bio: 'Surfer and designer', profession: 'Designer', work_timezone: 'UTC+1', interests: ['Surfing', 'Yoga', 'Coffee'], show_in_whos_staying: true },
    });
  });

  it('stores blank optional text as null and an empty interest field as []', () => {
    const result = v.parse(profileFormSchema, { ...valid, bio: '  ', profession: '', work_timezone: null, interests: '' });
    expect(result).toMatchObject({ bio: null, profession: null, work_timezone: null, interests: [] });
  });

  it.each<[string, object, string]>([
    ['blank name', { name: '   ' }, 'Full name is required'],
    ['bio of 301', { bio: 'a'.repeat(301) }, 'Bio must be 300 characters or fewer'],
    ['profession of 101', { profession: 'a'.repeat(101) }, 'Profession must be 100 characters or fewer'],
  ])('%s', (_, overrides, message) => {
    expect(firstError(profileFormSchema, { ...valid, ...overrides })).toBe(message);
  });

  it('accepts the limits exactly', () => {
    expect(firstError(profileFormSchema, { ...valid, bio: 'a'.repeat(300), profession: 'a'.repeat(100) })).toBeNull();
  });
});

describe('guest onboarding steps', () => {
  const complete: GuestOnboardingInput = {
    profile_photo: 'https://x/storage/v1/object/public/profile-photos/u/1.jpg',
    profession: 'Developer',
    bio: '',
    work_timezone: 'Asia/Bangkok',
    interests: ['Surfing', 'Yoga'],
    show_in_whos_staying: true,
  };

  it.each<[number, Partial<GuestOnboardingInput>, boolean]>([
    [1, complete, true],
    [1, { ...complete, profile_photo: '' }, false],
    [1, {}, false],
    [2, complete, true],
    [2, { ...complete, profession: '  ' }, false],
    [2, { ...complete, profession: 'a'.repeat(100) }, true],
    [2, { ...complete, profession: 'a'.repeat(101) }, false],
    [2, { ...complete, bio: 'a'.repeat(300) }, true],
    [2, { ...complete, bio: 'a'.repeat(301) }, false],
    [3, complete, true],
    [3, { ...complete, work_timezone: 'Asia/Kolkata' }, false],
    [4, { ...complete, interests: [] }, true],
    [4, { ...complete, interests: ['a', 'b', 'c', 'd', 'e', 'f'] }, true],
    [4, { ...complete, interests: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, false],
    [5, complete, true],
    [5, { ...complete, show_in_whos_staying: undefined }, false],
    [6, {}, true],
    [0, complete, false],
    [7, complete, false],
  ])('step %s with %j → %s', (step, data, valid) => {
    expect(isGuestOnboardingStepValid(step, data)).toBe(valid);
  });

  it.each<[string, object, string]>([
    ['photo', { profile_photo: '' }, 'Profile photo is required to continue'],
    ['profession', { profession: '' }, 'Profession is required'],
    ['long profession', { profession: 'a'.repeat(101) }, 'Profession must be 100 characters or fewer'],
    ['long bio', { bio: 'a'.repeat(301) }, 'Bio must be 300 characters or fewer'],
    ['timezone', { work_timezone: 'UTC+1' }, 'Please choose a timezone from the list'],
    ['interests', { interests: ['a', 'b', 'c', 'd', 'e', 'f', 'g'] }, 'You can choose up to 6 interests'],
  ])('%s message', (_, overrides, message) => {
    expect(firstError(guestOnboardingSchema, { ...complete, ...overrides })).toBe(message);
  });

  it('outputs trimmed profession and null empty bio', () => {
    expect(v.parse(guestAboutStepSchema, { profession: ' Writer ', bio: ' ' })).toEqual({ profession: 'Writer', bio: null });
  });
});

describe('host onboarding: Next enabled when step 1 has a photo and step 2 a profession', () => {
  it.each<[number, object, boolean]>([
    [1, { profile_photo: 'https://x/p.jpg' }, true],
    [1, { profile_photo: '' }, false],
    [1, {}, false],
    [2, { profession: 'Chef' }, true],
    [2, { profession: ' ' }, false],
    [2, { profession: 'a'.repeat(101) }, false],
    [2, { profession: 'Chef', bio: 'a'.repeat(301) }, false],
    [3, {}, true],
    [4, {}, true],
    [5, {}, false],
  ])('step %s with %j → %s', (step, data, valid) => {
    expect(isHostOnboardingStepValid(step, data)).toBe(valid);
  });
});
