// A profile photo is an object of the project's own profile-photos bucket, in its owner's folder
// (docs/decisions/profile-photo-paths.md): any other URL would make every viewer's browser (review cards,
// the nav, push notification icons) call a third party. Stored as a path the app resolves on its own
// Supabase URL; an absolute URL of that path is stored as the path.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

describe.each(testEngines)('profile photo origin on %s', (engine) => {
  let t: TestServer;
  let guest: TestUser;
  let other: TestUser;
  const own = () => `/storage/v1/object/public/profile-photos/${guest.id}/1718000000000.webp`;

  const setPhoto = (value: string | null) => guest.client.from('profiles').update({ profile_photo: value }).eq('id', guest.id).select('profile_photo');
  const storedPhoto = async () => (await t.service().from('profiles').select('profile_photo').eq('id', guest.id).single()).data?.profile_photo as string | null;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    const unique = Math.random().toString(36).slice(2, 8);
    guest = await t.signUp(`guest.${unique}@origin.test`, undefined, { full_name: 'Gus Guest', role: 'guest' });
    other = await t.signUp(`other.${unique}@origin.test`, undefined, { full_name: 'Oona Other', role: 'guest' });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores a path of the own folder of profile-photos, and clearing the photo', async () => {
    expect(await setPhoto(own())).toMatchObject({ error: null, data: [{ profile_photo: own() }] });
    expect(await setPhoto(null)).toMatchObject({ error: null, data: [{ profile_photo: null }] });
    expect(await setPhoto(own())).toMatchObject({ error: null });
  });

  it('stores the public URL the app used to save as its path (whatever its origin)', async () => {
    const path = `/storage/v1/object/public/profile-photos/${guest.id}/1718000000001.jpg`;
    expect(await setPhoto(`https://abcd.supabase.co${path}`)).toMatchObject({ error: null, data: [{ profile_photo: path }] });
    expect(await setPhoto(`http://127.0.0.1:54321${path}`)).toMatchObject({ error: null, data: [{ profile_photo: path }] });
  });

  it.each([
    ['a tracker', 'https://tracker.example/pixel.png'],
    ['a protocol-relative URL', '//tracker.example/pixel.png'],
    ['a data URL', 'data:image/png;base64,iVBORw0KGgo='],
    ['a script URL', 'javascript:alert(1)'],
    ["someone else's folder", '/storage/v1/object/public/profile-photos/OTHER/avatar.webp'],
    ['another bucket', '/storage/v1/object/public/property-photos/GUEST/avatar.webp'],
    ['a render URL with a tracker query', '/storage/v1/object/public/profile-photos/GUEST/a.webp?u=https://tracker.example'],
    ['a traversal', '/storage/v1/object/public/profile-photos/GUEST/../../../x'],
    ['a nested folder', '/storage/v1/object/public/profile-photos/GUEST/a/b.webp'],
    ['a tracker path under our storage', 'https://tracker.example/storage/v1/object/public/profile-photos/GUEST/../../x'],
  ])('refuses %s with a 400 and keeps the stored photo', async (_label, template) => {
    const value = template.replace('GUEST', guest.id).replace('OTHER', other.id);
    const before = await storedPhoto();
    const result = await setPhoto(value);
    expect(result.status).toBe(400);
    expect(result.error).toMatchObject({ code: '23514' });
    expect(await storedPhoto()).toBe(before);
  });

  it('refuses it whoever writes: the service role, and update_own_profile (the outbox save)', async () => {
    const { data, error } = await t.service().from('profiles').update({ profile_photo: 'https://tracker.example/pixel.png' }).eq('id', other.id).select('id');
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: '23514' });
    const merged = await guest.client.rpc('update_own_profile', { p_patch: { profile_photo: 'https://tracker.example/pixel.png' }, p_base: { profile_photo: await storedPhoto() } });
    expect(merged.error).toMatchObject({ code: '23514' });
    expect(await storedPhoto()).not.toBe('https://tracker.example/pixel.png');
  });
});
