// The admin user API through supabase-js's auth.admin (service role only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ensureSeedUser } from '../../../supabase/local/src/auth/seed-users.ts';
import { testEngines, type TestServer } from './support/start.ts';
import { authFetch, password, sessionClient, startAuthServer, uniqueEmail } from './auth-support.ts';

describe.each(testEngines)('auth admin on %s', (engine) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer(engine);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates, reads, lists, updates and deletes users', async () => {
    const admin = t.service().auth.admin;
    const email = uniqueEmail('admin');
    const created = await admin.createUser({ email, password, email_confirm: true, user_metadata: { full_name: 'Seeded Host' }, app_metadata: { plan: 'pro' } });
    expect(created.error).toBeNull();
    const id = created.data.user?.id ?? '';
    expect(created.data.user).toMatchObject({ email: email.toLowerCase(), user_metadata: { full_name: 'Seeded Host' }, app_metadata: { provider: 'email', providers: ['email'], plan: 'pro' } });
    const profile = await t.server.ctx.db.query('select full_name from public.profiles where id = $1', [id]);
    expect(profile.rows).toEqual([{ full_name: 'Seeded Host' }]);

    const signIn = await sessionClient(t).auth.signInWithPassword({ email, password });
    expect(signIn.error).toBeNull();

    const duplicate = await admin.createUser({ email, password });
    expect(duplicate.error).toMatchObject({ status: 422, code: 'email_exists' });

    const fetched = await admin.getUserById(id);
    expect(fetched.data.user?.id).toBe(id);

    const listed = await admin.listUsers({ page: 1, perPage: 50 });
    expect(listed.error).toBeNull();
    expect(listed.data.users.map((user) => user.id)).toContain(id);
    expect((listed.data as { total?: number }).total).toBeGreaterThanOrEqual(1);

    const updated = await admin.updateUserById(id, { user_metadata: { full_name: 'Renamed' }, password: 'a-new-password' });
    expect(updated.data.user?.user_metadata.full_name).toBe('Renamed');
    expect((await sessionClient(t).auth.signInWithPassword({ email, password: 'a-new-password' })).error).toBeNull();

    const banned = await admin.updateUserById(id, { ban_duration: '24h' });
    expect(banned.data.user?.banned_until).toBeTruthy();
    expect((await sessionClient(t).auth.signInWithPassword({ email, password: 'a-new-password' })).error?.code).toBe('user_banned');
    await admin.updateUserById(id, { ban_duration: 'none' });

    const deleted = await admin.deleteUser(id);
    expect(deleted.error).toBeNull();
    expect((await admin.getUserById(id)).error).toMatchObject({ status: 404, code: 'user_not_found' });
    const gone = await t.server.ctx.db.query('select 1 from public.profiles where id = $1', [id]);
    expect(gone.rows).toHaveLength(0);
  });

  it('leaves an unconfirmed admin-created user unable to sign in', async () => {
    const email = uniqueEmail('unconfirmed');
    await t.service().auth.admin.createUser({ email, password });
    const { error } = await sessionClient(t).auth.signInWithPassword({ email, password });
    expect(error).toMatchObject({ status: 400, code: 'email_not_confirmed' });
  });

  it('refuses the admin API to anon keys and user tokens', async () => {
    const viaAnon = await t.anon().auth.admin.listUsers();
    expect(viaAnon.error).toMatchObject({ status: 403, code: 'not_admin' });
    const user = await t.signUp(uniqueEmail('plain'));
    const viaUser = await authFetch(t, '/admin/users', { headers: { authorization: `Bearer ${user.accessToken}` } });
    expect(viaUser.status).toBe(403);
    expect(await viaUser.json()).toEqual({ code: 'not_admin', message: 'User not allowed' });
    const viaSecretKey = await authFetch(t, '/admin/users', { headers: { apikey: t.server.keys.secretKey } });
    expect(viaSecretKey.status).toBe(200);
  });
});

describe('auth seed users', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startAuthServer('pglite');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('creates a confirmed user once and returns the same id when seeded again', async () => {
    const email = uniqueEmail('seed');
    const id = await ensureSeedUser(t.server.ctx, { email, password, userMetadata: { full_name: 'Demo Guest' } });
    expect(await ensureSeedUser(t.server.ctx, { email: email.toUpperCase(), password })).toBe(id);
    const { data, error } = await sessionClient(t).auth.signInWithPassword({ email, password });
    expect(error).toBeNull();
    expect(data.user?.id).toBe(id);
    expect(data.user?.user_metadata.full_name).toBe('Demo Guest');
  });
});
