import { describe, expect, it } from 'vitest';
import { draftFromProfile, progressPatch, resumeStep, type OnboardingDraft } from '../../../src/features/onboarding/onboarding-draft.ts';
import type { OnboardingProfile } from '../../../src/features/onboarding/data/onboarding-profile.ts';

const stored = (overrides: Partial<OnboardingProfile> = {}): OnboardingProfile => ({
  id: 'u1',
  name: 'Nora',
  bio: null,
  profession: null,
  work_timezone: null,
  interests: [],
  show_in_whos_staying: true,
  profile_photo: null,
  is_visible_to_guests: true,
  onboarding_complete: false,
  ...overrides,
});

const photo = 'http://127.0.0.1:54421/storage/v1/object/public/profile-photos/u1/1.png';

describe('guest onboarding draft from the stored profile', () => {
  it('starts a new guest with empty fields, Who is Staying on and the browser zone when it is listed', () => {
    expect(draftFromProfile(stored(), 'Asia/Tokyo')).toEqual({
      profile_photo: '', profession: '', bio: '', work_timezone: 'Asia/Tokyo', interests: [], show_in_whos_staying: true,
    });
  });

  it('falls back from an unlisted browser zone to a listed one', () => {
    expect(draftFromProfile(stored(), 'Asia/Ho_Chi_Minh').work_timezone).toBe('Asia/Bangkok');
  });

  it('resumes with the stored values, keeping a stored listed timezone over the browser zone', () => {
    const draft = draftFromProfile(
      stored({ profile_photo: photo, profession: 'Designer', bio: 'Hi', work_timezone: 'Europe/Paris', interests: ['Yoga'], show_in_whos_staying: false }),
      'Asia/Tokyo',
    );
    expect(draft).toEqual({ profile_photo: photo, profession: 'Designer', bio: 'Hi', work_timezone: 'Europe/Paris', interests: ['Yoga'], show_in_whos_staying: false });
  });

  it('replaces a stored free-text timezone (from the profile page) with the default', () => {
    expect(draftFromProfile(stored({ work_timezone: 'UTC+1' }), 'Europe/London').work_timezone).toBe('Europe/London');
  });
});

describe('where a returning guest resumes', () => {
  it.each<[string, OnboardingProfile | null, number]>([
    ['no profile yet', null, 1],
    ['no photo', stored({ profession: 'Dev' }), 1],
    ['photo only', stored({ profile_photo: photo }), 2],
    ['blank profession', stored({ profile_photo: photo, profession: '  ' }), 2],
    ['no timezone yet', stored({ profile_photo: photo, profession: 'Dev' }), 3],
    ['an unlisted timezone', stored({ profile_photo: photo, profession: 'Dev', work_timezone: 'UTC+1' }), 3],
    ['past the timezone', stored({ profile_photo: photo, profession: 'Dev', work_timezone: 'Asia/Dubai' }), 4],
  ])('%s → step %i', (_, profile, step) => {
    expect(resumeStep(profile)).toBe(step);
  });
});

describe('what each Continue saves', () => {
  const draft: OnboardingDraft = {
    profile_photo: photo,
    profession: '  Product Designer ',
    bio: '   ',
    work_timezone: 'Asia/Bangkok',
    interests: ['Surfing', 'Coffee'],
    show_in_whos_staying: false,
  };

  it('saves only the steps done so far', () => {
    expect(progressPatch(draft, 1)).toEqual({ profile_photo: photo });
    expect(progressPatch(draft, 3)).toEqual({ profile_photo: photo, profession: 'Product Designer', bio: null, work_timezone: 'Asia/Bangkok' });
  });

  it('saves everything from step 5 on (the preview adds nothing)', () => {
    const everything = { profile_photo: photo, profession: 'Product Designer', bio: null, work_timezone: 'Asia/Bangkok', interests: ['Surfing', 'Coffee'], show_in_whos_staying: false };
    expect(progressPatch(draft, 5)).toEqual(everything);
    expect(progressPatch(draft, 6)).toEqual(everything);
  });

  it('leaves out a step whose values do not pass its rule', () => {
    expect(progressPatch({ ...draft, profession: '' }, 2)).toEqual({ profile_photo: photo });
  });
});
