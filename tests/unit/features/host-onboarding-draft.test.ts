import { describe, expect, it } from 'vitest';
import { hostAboutPatch, hostDraftFromProfile, hostResumeStep } from '../../../src/features/onboarding/host/host-draft.ts';
import type { HostProfile } from '../../../src/features/onboarding/host/data/host-profile.ts';

const stored = (overrides: Partial<HostProfile> = {}): HostProfile => ({
  id: 'h1', name: 'Hana', bio: null, profession: null, work_timezone: null, interests: [], show_in_whos_staying: true,
  profile_photo: null, is_visible_to_guests: true, onboarding_complete: false, ...overrides,
});

describe('host onboarding', () => {
  it('fills the steps from the stored profile, visible to guests by default', () => {
    expect(hostDraftFromProfile(null)).toEqual({ profile_photo: '', profession: '', bio: '', is_visible_to_guests: true });
    expect(hostDraftFromProfile(stored({ profile_photo: 'p', profession: 'Architect', bio: 'Hi', is_visible_to_guests: false }))).toEqual({
      profile_photo: 'p', profession: 'Architect', bio: 'Hi', is_visible_to_guests: false,
    });
  });

  it.each<[string, HostProfile | null, number]>([
    ['nothing stored', null, 1],
    ['no photo', stored({ profession: 'Architect' }), 1],
    ['photo, no profession', stored({ profile_photo: 'p', profession: ' ' }), 2],
    ['photo and profession', stored({ profile_photo: 'p', profession: 'Architect' }), 3],
  ])('%s → resumes at step %i', (_, profile, step) => {
    expect(hostResumeStep(profile)).toBe(step);
  });

  it('stores typed profession and bio trimmed, blanks as null', () => {
    expect(hostAboutPatch({ profession: ' Architect ', bio: '  ' })).toEqual({ profession: 'Architect', bio: null });
    expect(hostAboutPatch({ profession: '', bio: ' Hosting in Bali ' })).toEqual({ profession: null, bio: 'Hosting in Bali' });
  });
});
