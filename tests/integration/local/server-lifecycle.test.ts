// The server as a whole: Supabase baseline, migrations recorded, seed once, restart, reset,
// CORS, the loopback guard and seed hooks — on PGlite and native Postgres.
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerSeedHook } from '../../../supabase/local/src/db/seed-hooks.ts';
import { startLocalServer, type LocalServer } from '../../../supabase/local/src/server.ts';
import { createFreshDatabase, testEngines } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

describe.each(testEngines)('server lifecycle on %s', (engine) => {
  let dataDir: string;
  let fresh: Awaited<ReturnType<typeof createFreshDatabase>> | undefined;
  let server: LocalServer | undefined;
  let hookRuns = 0;

  const start = (projectDir = fixture): Promise<LocalServer> => startLocalServer({ dataDir, port: 0, projectDir, dbUrl: fresh?.url });

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'server-test-'));
    if (engine === 'postgres') fresh = await createFreshDatabase();
    registerSeedHook('server-lifecycle-test', async (ctx) => {
      hookRuns += 1;
      await ctx.db.query(`insert into public.labels (id, name) values (77, 'from hook') on conflict do nothing`);
    });
    server = await start();
  });
  afterAll(async () => {
    registerSeedHook('server-lifecycle-test', async () => {});
    await server?.close();
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('provides the Supabase baseline', async () => {
    const db = (server as LocalServer).ctx.db;
    const { rows } = await db.query<Record<string, unknown>>(`select
      (select count(*)::int from pg_roles where rolname in ('anon', 'authenticated', 'service_role', 'authenticator')) as roles,
      (select rolbypassrls from pg_roles where rolname = 'service_role') as bypass,
      (select count(*)::int from pg_namespace where nspname in ('auth', 'storage', 'extensions')) as schemas,
      (select count(*)::int from pg_publication where pubname = 'supabase_realtime') as publication,
      to_regclass('auth.users') is not null as users, to_regclass('auth.identities') is not null as identities,
      to_regclass('auth.mfa_factors') is not null as mfa, to_regclass('storage.objects') is not null as objects,
      (select relrowsecurity from pg_class where oid = 'storage.objects'::regclass) as objects_rls,
      storage.foldername('u1/avatars/me.png') as folders, storage.filename('u1/me.png') as filename, storage.extension('a/b.webp') as ext,
      storage.foldername('me.png') as no_folders, storage.extension('a/readme') as bare_ext,
      enum_range(null::auth.factor_type)::text[] as factor_types, enum_range(null::auth.aal_level)::text[] as aal_levels,
      (select rolcanlogin from pg_roles where rolname = 'authenticator') as authenticator_logs_in,
      extensions.gen_random_uuid() is not null as pgcrypto, extensions.uuid_generate_v4() is not null as uuid_ossp`);
    expect(rows[0]).toEqual({
      roles: 4, bypass: true, schemas: 3, publication: 1, users: true, identities: true, mfa: true, objects: true, objects_rls: true,
      folders: ['u1', 'avatars'], filename: 'me.png', ext: 'webp', pgcrypto: true, uuid_ossp: true,
      no_folders: [], bare_ext: 'readme', factor_types: ['totp', 'webauthn', 'phone'], aal_levels: ['aal1', 'aal2', 'aal3'], authenticator_logs_in: true,
    });
    const claims = await db.asRequest({ role: 'authenticated', claims: { sub: '00000000-0000-0000-0000-0000000000aa', email: 'x@y.z' } }, { method: 'PATCH', path: '/notes', headers: { 'X-Custom': 'v' } }, (tx) =>
      tx.query<Record<string, unknown>>(`select auth.uid()::text as uid, auth.role() as role, auth.email() as email, auth.jwt() ->> 'sub' as sub, current_user as usr,
        current_setting('request.method') as method, current_setting('request.path') as path, current_setting('request.headers')::json ->> 'x-custom' as header`));
    expect(claims.rows[0]).toEqual({ uid: '00000000-0000-0000-0000-0000000000aa', role: 'authenticated', email: 'x@y.z', sub: '00000000-0000-0000-0000-0000000000aa', usr: 'authenticated', method: 'PATCH', path: '/notes', header: 'v' });
    const after = await db.query<{ usr: string; claims: string | null }>(`select current_user as usr, nullif(current_setting('request.jwt.claims', true), '') as claims`);
    expect(after.rows[0]?.usr).not.toBe('authenticated');
    expect(after.rows[0]?.claims).toBeNull();
  });

  it('records migrations and applies the seed and seed hooks once', async () => {
    const db = (server as LocalServer).ctx.db;
    const migrations = await db.query<{ version: string; name: string }>('select version, name from supabase_migrations.schema_migrations');
    expect(migrations.rows).toEqual([{ version: '20240101000000', name: 'schema' }]);
    const seeds = await db.query<{ path: string }>('select path from supabase_migrations.seed_files');
    expect(seeds.rows).toEqual([{ path: 'supabase/seed.sql' }]);
    expect(hookRuns).toBe(1);
    await db.query('delete from public.labels where id = 3');
    await server?.close();
    server = await start();
    const labels = await server.ctx.db.query<{ id: number }>('select id from public.labels order by id');
    expect(labels.rows.map((r) => r.id)).toEqual([1, 2, 77]);
    expect(hookRuns).toBe(1);
  });

  it('keeps keys across restarts and answers CORS preflights', async () => {
    const keys = JSON.parse(JSON.stringify((server as LocalServer).keys)) as unknown;
    const preflight = await fetch(`${server?.url}/rest/v1/labels`, {
      method: 'OPTIONS',
      headers: { Origin: 'http://localhost:5173', 'Access-Control-Request-Method': 'PATCH', 'Access-Control-Request-Headers': 'apikey, authorization, prefer, content-profile, x-client-info' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('*');
    expect(preflight.headers.get('access-control-allow-headers')).toContain('prefer');
    // Answers and errors carry the CORS headers too, or a browser hides their status and Content-Range.
    const origin = { Origin: 'http://localhost:5173' };
    for (const response of [
      await fetch(`${server?.url}/rest/v1/labels?select=id`, { headers: { ...origin, apikey: (server as LocalServer).keys.anonKey } }),
      await fetch(`${server?.url}/rest/v1/labels`, { headers: origin }),
      await fetch(`${server?.url}/auth/v1/settings`, { headers: { ...origin, apikey: (server as LocalServer).keys.anonKey } }),
    ]) {
      expect(response.headers.get('access-control-allow-origin')).toBe('*');
      expect(response.headers.get('access-control-expose-headers')).toContain('Content-Range');
    }
    await server?.close();
    server = await start();
    expect(server.keys).toEqual(keys);
  });

  it('sees tables, columns and functions created after start (NOTIFY pgrst or a cache miss)', async () => {
    const s = server as LocalServer;
    const headers = { apikey: s.keys.serviceRoleKey, 'Content-Type': 'application/json' };
    await s.ctx.db.exec(`create table public.late (id int primary key); create function public.late_fn() returns int language sql as 'select 42';`);
    expect(await (await fetch(`${s.url}/rest/v1/late?select=id`, { headers })).json()).toEqual([]);
    expect(await (await fetch(`${s.url}/rest/v1/rpc/late_fn`, { method: 'POST', headers, body: '{}' })).json()).toBe(42);
    await s.ctx.db.exec(`alter table public.late add column label text; notify pgrst, 'reload schema';`);
    const insert = await fetch(`${s.url}/rest/v1/late?select=*`, { method: 'POST', headers: { ...headers, Prefer: 'return=representation' }, body: '{"id":1,"label":"new"}' });
    expect(await insert.json()).toEqual([{ id: 1, label: 'new' }]);
  });

  it('resets to migrations + seed through /_local/reset (secret key only)', async () => {
    const s = server as LocalServer;
    await s.ctx.db.query(`insert into public.labels (id, name) values (500, 'temp')`);
    const denied = await fetch(`${s.url}/_local/reset`, { method: 'POST', headers: { apikey: s.keys.anonKey } });
    expect(denied.status).toBe(403);
    const reset = await fetch(`${s.url}/_local/reset`, { method: 'POST', headers: { apikey: s.keys.secretKey } });
    expect(reset.status).toBe(200);
    const labels = await fetch(`${s.url}/rest/v1/labels?select=id&order=id`, { headers: { apikey: s.keys.anonKey } });
    expect(await labels.json()).toEqual([{ id: 1 }, { id: 2 }, { id: 3 }, { id: 77 }]);
    expect(hookRuns).toBe(2);
  });

  it('reports a failing migration by file name and refuses non-loopback hosts', async () => {
    const project = await mkdtemp(join(tmpdir(), 'bad-project-'));
    await mkdir(join(project, 'migrations'));
    await writeFile(join(project, 'migrations', '001_broken.sql'), 'create table oops (;');
    const other = await mkdtemp(join(tmpdir(), 'server-test-'));
    const otherDb = engine === 'postgres' ? await createFreshDatabase() : undefined;
    await expect(startLocalServer({ dataDir: other, port: 0, projectDir: project, dbUrl: otherDb?.url })).rejects.toThrow(/001_broken\.sql/);
    await otherDb?.drop();
    await expect(startLocalServer({ dataDir: other, port: 0, projectDir: project, host: '0.0.0.0' })).rejects.toThrow(/Refusing to listen on 0\.0\.0\.0/);
    await rm(project, { recursive: true, force: true });
    await rm(other, { recursive: true, force: true });
  });
});
