import { describe, expect, it } from 'vitest';
import { accountTypeLabel, fieldsFromForm, formValuesFromProfile } from '../../../src/features/profile/profile-form-values.ts';
import { nextAuthenticatorName } from '../../../src/features/profile/data/security.ts';
import type { MfaFactor } from '../../../src/remote/mfa.ts';

describe('profile form values', () => {
  it('turns the stored row into text fields, interests joined by commas', () => {
    expect(
      formValuesFromProfile({
        name: 'Leo', bio: null, profession: 'Dev', work_timezone: null, interests: ['Surfing', 'Yoga'],
        show_in_whos_staying: false, is_visible_to_guests: true,
      }),
    ).toEqual({ name: 'Leo', bio: '', profession: 'Dev', work_timezone: '', interests: 'Surfing, Yoga', show_in_whos_staying: false, is_visible_to_guests: true });
  });

  it('writes the host flag only for hosts', () => {
    const parsed = { name: 'Leo', bio: null, profession: null, work_timezone: null, interests: [], show_in_whos_staying: true };
    expect(fieldsFromForm(parsed, false, true)).toEqual({ ...parsed, is_visible_to_guests: false });
    expect(fieldsFromForm(parsed, false, false)).toEqual(parsed);
  });

  it.each([['guest', 'Guest'], ['host', 'Host'], [null, 'User'], ['admin', 'User']] as const)('role %s → %s', (role, label) => {
    expect(accountTypeLabel(role)).toBe(label);
  });
});

describe('authenticator names', () => {
  const factor = (friendlyName: string | null): MfaFactor => ({ id: friendlyName ?? 'x', friendlyName, factorType: 'totp', status: 'verified', createdAt: null });

  it('picks the first free name', () => {
    expect(nextAuthenticatorName([])).toBe('Authenticator app');
    expect(nextAuthenticatorName([factor('Authenticator app')])).toBe('Authenticator app 2');
    expect(nextAuthenticatorName([factor('Authenticator app'), factor('Authenticator app 2'), factor(null)])).toBe('Authenticator app 3');
    expect(nextAuthenticatorName([factor('Authenticator app 2')])).toBe('Authenticator app');
  });
});

describe('displayed profile photos', () => {
  it('show the 256 px size with the cache-buster (the renderer\'s or the rendition, as the build says), relative demo paths resolved against the backend', async () => {
    const { profilePhotoSrc } = await import('../../../src/hooks/profile-photo-src.ts');
    const { env } = await import('../../../src/config/env.ts');
    const src = new URL(profilePhotoSrc('/storage/v1/object/public/profile-photos/u1/avatar.webp', 42));
    expect(src.origin).toBe(new URL(env.supabaseUrl).origin);
    if (env.imageTransformations) {
      expect(src.pathname).toBe('/storage/v1/render/image/public/profile-photos/u1/avatar.webp');
      expect(Object.fromEntries(src.searchParams)).toEqual({ t: '42', width: '256', quality: '70' });
    } else {
      expect(src.pathname).toBe('/storage/v1/object/public/profile-photos/u1/avatar.webp.w256.webp');
      expect(Object.fromEntries(src.searchParams)).toEqual({ t: '42' });
    }
    expect(profilePhotoSrc(null, 1)).toBe('');
  });
});
