// Row-level security is enforced by Postgres through the request role and JWT claims:
// anon, two authenticated users and service_role each see and change different rows.
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

describe.each(testEngines)('rest RLS on %s', (engine) => {
  let t: TestServer;
  let ana: TestUser;
  let ben: TestUser;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
    ana = await t.mintUser('ana@example.com');
    ben = await t.mintUser('ben@example.com');
    const { error } = await t.service().from('notes').insert([
      { owner_id: ana.id, body: 'ana public', is_public: true },
      { owner_id: ana.id, body: 'ana private' },
      { owner_id: ben.id, body: 'ben private' },
    ], { defaultToNull: false });
    expect(error).toBeNull();
  });
  afterAll(async () => {
    await t?.close();
  });

  const bodies = (rows: { body: string }[] | null): string[] => (rows ?? []).map((r) => r.body).sort();

  it('shows anon, each user and service_role different rows', async () => {
    expect(bodies((await t.anon().from('notes').select('body')).data)).toEqual(['ana public']);
    expect(bodies((await ana.client.from('notes').select('body')).data)).toEqual(['ana private', 'ana public']);
    expect(bodies((await ben.client.from('notes').select('body')).data)).toEqual(['ana public', 'ben private']);
    expect(bodies((await t.service().from('notes').select('body')).data)).toEqual(['ana private', 'ana public', 'ben private']);
    const count = await ben.client.from('notes').select('*', { count: 'exact', head: true });
    expect(count.count).toBe(2);
  });

  it('sets auth.uid(), auth.role() and request.method for the request', async () => {
    const { data } = await ana.client.rpc('whoami');
    expect(data).toEqual({ uid: ana.id, role: 'authenticated', method: 'POST' });
    expect((await t.anon().rpc('whoami')).data).toEqual({ uid: null, role: 'anon', method: 'POST' });
  });

  it('lets users write only their own rows', async () => {
    const own = await ana.client.from('notes').insert({ body: 'ana new' }).select('body, owner_id').single();
    expect(own.data).toEqual({ body: 'ana new', owner_id: ana.id });
    const forged = await ana.client.from('notes').insert({ body: 'forged', owner_id: ben.id });
    expect(forged.status).toBe(403);
    expect(forged.error?.code).toBe('42501');
    expect(forged.error?.message).toContain('row-level security');
    const anonInsert = await t.anon().from('notes').insert({ body: 'anon' });
    expect(anonInsert.status).toBe(401);
    expect(anonInsert.error?.code).toBe('42501');
    const hijack = await ben.client.from('notes').update({ body: 'hacked' }).eq('body', 'ana private').select();
    expect(hijack.data).toEqual([]);
    const gone = await ben.client.from('notes').delete().eq('body', 'ana public').select();
    expect(gone.data).toEqual([]);
    expect(bodies((await t.service().from('notes').select('body').like('body', 'ana*')).data)).toEqual(['ana new', 'ana private', 'ana public']);
  });

  it('denies tables without grants: 401 for anon, 403 for users, allowed for service_role', async () => {
    const anon = await t.anon().from('secrets').select();
    expect(anon.status).toBe(401);
    expect(anon.error).toMatchObject({ code: '42501', message: 'permission denied for table secrets' });
    const user = await ana.client.from('secrets').select();
    expect(user.status).toBe(403);
    expect((await t.service().from('secrets').select('value')).data).toEqual([{ value: 'classified' }]);
  });

  it('maps sb_publishable_ to anon and sb_secret_ to service_role', async () => {
    const headers = (key: string): Record<string, string> => ({ apikey: key, Authorization: `Bearer ${key}` });
    const publishable = await fetch(`${t.url}/rest/v1/notes?select=body`, { headers: headers(t.server.keys.publishableKey) });
    expect(await publishable.json()).toEqual([{ body: 'ana public' }]);
    const secret = await fetch(`${t.url}/rest/v1/notes?select=body`, { headers: headers(t.server.keys.secretKey) });
    expect(((await secret.json()) as unknown[]).length).toBeGreaterThanOrEqual(4);
    const userWithPublishable = await fetch(`${t.url}/rest/v1/notes?select=body`, { headers: { apikey: t.server.keys.publishableKey, Authorization: `Bearer ${ben.accessToken}` } });
    expect(bodies((await userWithPublishable.json()) as { body: string }[])).toEqual(['ana public', 'ben private']);
  });
});
