// update_own_profile (migration 20250601001500, docs/decisions/profile-writes-and-conflicts.md)
// through supabase-js against the stand-in, and profile.update@2 through the sync engine: a stale
// field write never reverts another device's change; nobody but the owner, and only the columns
// the grants allow, can be written through it.
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import type { SyncNotice } from '../../../src/sync/commands/command.ts';
import { EDITABLE_PROFILE_FIELDS, updateProfile, updateProfileV1 } from '../../../src/sync/commands/profile-update.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';
import { profileMergeCases } from './support/profile-merge-cases.ts';

describe.each(testEngines)('profile field merge on %s', (engineKind) => {
  let t: TestServer;
  let ana: TestUser;
  let bob: TestUser;

  const resetAna = async (fields: Record<string, unknown> = {}) => {
    const { error } = await t.service().from('profiles').update({ name: 'Ana', bio: null, profession: null, work_timezone: null, interests: [], show_in_whos_staying: true, ...fields }).eq('id', ana.id);
    if (error) throw error;
  };
  const profileOf = async (id: string) => {
    const { data, error } = await t.service().from('profiles').select('*').eq('id', id).single();
    if (error) throw error;
    return data as Record<string, unknown>;
  };
  const merge = (client: SupabaseClient, p_patch: unknown, p_base: unknown) => client.rpc('update_own_profile', { p_patch, p_base });

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    [ana, bob] = await Promise.all([t.signUp('ana.merge@example.com', undefined, { full_name: 'Ana', role: 'guest' }), t.signUp('bob.merge@example.com', undefined, { full_name: 'Bob', role: 'host' })]);
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => resetAna());

  describe('the rule', () => {
    it.each(profileMergeCases)('$name', async (testCase) => {
      await resetAna(testCase.server);
      const { data, error } = await merge(ana.client, testCase.patch, testCase.base);
      expect(error).toBeNull();
      const answer = data as { profile: Record<string, unknown>; kept: string[] };
      expect([...answer.kept].sort()).toEqual([...testCase.kept].sort());
      const stored = await profileOf(ana.id);
      for (const [field, value] of Object.entries(testCase.expected)) {
        expect(stored[field], field).toEqual(value);
        expect(answer.profile[field], `answer ${field}`).toEqual(value);
      }
    });

    it('leaves version and updated_at alone when nothing is written (a replay)', async () => {
      await resetAna({ bio: 'same' });
      const before = await profileOf(ana.id);
      const { error } = await merge(ana.client, { bio: 'same' }, { bio: 'older' });
      expect(error).toBeNull();
      expect((await profileOf(ana.id)).version).toBe(before.version);
    });

    it('refuses a changed field without a base value and non-object arguments (22023)', async () => {
      expect((await merge(ana.client, { bio: 'x' }, {})).error?.code).toBe('22023');
      expect((await merge(ana.client, ['bio'], {})).error?.code).toBe('22023');
    });

    it('answers a check violation as Postgres does (23514), writing nothing', async () => {
      const { error } = await merge(ana.client, { bio: 'x'.repeat(301), profession: 'Pilot' }, { bio: null, profession: null });
      expect(error?.code).toBe('23514');
      expect((await profileOf(ana.id)).profession).toBeNull();
    });
  });

  describe('attacks', () => {
    it('cannot be called without a session', async () => {
      const { error } = await merge(t.anon(), { bio: 'anon' }, { bio: null });
      expect(error).not.toBeNull();
      expect((await profileOf(ana.id)).bio).toBeNull();
    });

    it("writes only the caller's own row: another user's call changes their own profile, never Ana's", async () => {
      const bobBefore = await profileOf(bob.id);
      const { error } = await merge(bob.client, { bio: 'pwned', id: ana.id }, { bio: null, id: ana.id });
      expect(error?.code).toBe('42501');
      expect((await profileOf(ana.id)).bio).toBeNull();
      expect((await profileOf(bob.id)).bio).toEqual(bobBefore.bio);
    });

    it.each(['verification_status', 'stripe_account_id', 'deleted_at', 'version', 'updated_at', 'created_at', 'role', 'id', 'no_such_column'])('refuses the protected or unknown field %s (42501)', async (field) => {
      const before = await profileOf(ana.id);
      const { error } = await merge(ana.client, { [field]: 'verified', bio: 'sneaky' }, { [field]: before[field] ?? null, bio: null });
      expect(error?.code).toBe('42501');
      const after = await profileOf(ana.id);
      expect(after.bio).toBeNull();
      expect(after.verification_status).toBe(before.verification_status);
    });

    it('does not change the role', async () => {
      await merge(ana.client, { role: 'host' }, { role: 'guest' });
      const { data } = await t.service().from('user_roles').select('role').eq('user_id', ana.id).single();
      expect((data as { role: string }).role).toBe('guest');
    });
  });

  it('accepts exactly the fields profile.update@2 sends, which are exactly the UPDATE grants (id aside)', async () => {
    const granted = await t.server.ctx.db.query<{ column_name: string }>(
      `select column_name from information_schema.column_privileges
       where table_schema = 'public' and table_name = 'profiles' and grantee = 'authenticated' and privilege_type = 'UPDATE' and column_name <> 'id'`,
    );
    expect(granted.rows.map((row) => row.column_name).sort()).toEqual([...EDITABLE_PROFILE_FIELDS].sort());
    const current = await profileOf(ana.id);
    const values: Record<string, unknown> = {
      name: 'Ana B', bio: 'b', profession: 'p', work_timezone: 'Asia/Tokyo', interests: ['Yoga'], show_in_whos_staying: false,
      profile_photo: `/storage/v1/object/public/profile-photos/${ana.id}/a.webp`, is_visible_to_guests: false, onboarding_complete: true, age: 33,
    };
    expect(Object.keys(values).sort()).toEqual([...EDITABLE_PROFILE_FIELDS].sort());
    const base = Object.fromEntries(EDITABLE_PROFILE_FIELDS.map((field) => [field, current[field] ?? null]));
    const { data, error } = await merge(ana.client, values, base);
    expect(error).toBeNull();
    expect((data as { kept: string[] }).kept).toEqual([]);
    const stored = await profileOf(ana.id);
    for (const [field, value] of Object.entries(values)) expect(stored[field], field).toEqual(value);
  });

  describe('through the sync engine', () => {
    const engineFor = (who: TestUser, db: AppDb) =>
      createSyncEngine({ db, userId: who.id, remote: createSupabaseSyncRemote(() => Promise.resolve(who.client)), realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000 });

    it('two devices editing different fields from the same stale form both keep their change; the same field is kept and reported', async () => {
      await resetAna({ bio: 'first', profession: 'Designer' });
      const phone = new AppDb(ana.id, { name: `phone-${randomUUID()}` });
      const laptop = new AppDb(ana.id, { name: `laptop-${randomUUID()}` });
      const phoneEngine = engineFor(ana, phone);
      const laptopEngine = engineFor(ana, laptop);
      const notices: SyncNotice[] = [];
      laptopEngine.subscribeNotices((notice) => notices.push(notice));
      for (const engine of [phoneEngine, laptopEngine]) {
        await engine.start();
        await engine.pullNow();
      }
      expect((await laptop.profiles.get(ana.id))?._role).toBe('guest');

      await phoneEngine.run(updateProfile, { patch: { bio: 'from the phone' }, base: { bio: 'first' } });
      await phoneEngine.pushNow();
      // The laptop's form still shows the old values: it changes the profession, and also the bio.
      await laptopEngine.run(updateProfile, { patch: { profession: 'Architect' }, base: { profession: 'Designer' } });
      await laptopEngine.run(updateProfile, { patch: { bio: 'from the laptop' }, base: { bio: 'first' } });
      expect(await laptop._outbox.count()).toBe(1); // collapsed
      await laptopEngine.pushNow();

      const stored = await profileOf(ana.id);
      expect(stored).toMatchObject({ bio: 'from the phone', profession: 'Architect' });
      expect(notices).toEqual([{ kind: 'profile-saved', kept: ['bio'] }]);
      // The laptop's mirror holds the server's row, not its own optimistic bio.
      expect(await laptop.profiles.get(ana.id)).toMatchObject({ bio: 'from the phone', profession: 'Architect', _role: 'guest' });
      expect((await laptop.profiles.get(ana.id))?._status).toBeUndefined();
      await phoneEngine.pullNow();
      expect(await phone.profiles.get(ana.id)).toMatchObject({ bio: 'from the phone', profession: 'Architect' });
      await Promise.all([phoneEngine.stop(), laptopEngine.stop()]);
      phone.close();
      laptop.close();
    });

    it('still replays a profile.update@1 entry queued by an older build', async () => {
      const db = new AppDb(ana.id, { name: `old-${randomUUID()}` });
      const engine = engineFor(ana, db);
      await engine.start();
      await engine.pullNow();
      await engine.run(updateProfileV1, { patch: { profession: 'Old build' } });
      await engine.pushNow();
      expect((await profileOf(ana.id)).profession).toBe('Old build');
      expect(await db._outbox.count()).toBe(0);
      await engine.stop();
      db.close();
    });
  });
});
