// Our own database advisor, in the spirit of Supabase's (security lints 0007, 0011, 0013, 0028/0029, and
// the multiple-permissive-policies performance lint): it queries the catalog after all migrations and
// fails on a public table without RLS, a SECURITY DEFINER function without a pinned search_path, a
// SECURITY DEFINER function in an exposed schema that anon or authenticated may execute without being on
// the allow-list below, a bucket without allowed_mime_types, or two permissive policies for one role
// and command on a public table.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

/** Exposed through /rest/v1 (config.toml [api] schemas). */
const exposedSchemas = ['public', 'graphql_public'];

/** SECURITY DEFINER functions the client calls, and who may call them. Everything else is revoked or private. */
const definerAllowList: Record<'anon' | 'authenticated', string[]> = {
  anon: ['check_booking_conflict', 'get_review_authors'],
  // register_push_subscription takes a browser's endpoint over from the user who had it (not readable to the caller).
  authenticated: ['check_booking_conflict', 'get_review_authors', 'get_housemates', 'is_house_member', 'register_push_subscription'],
};

describe.each(testEngines)('catalog advisor (%s)', (engine) => {
  let t: TestServer;
  const query = async <T,>(sql: string, params: unknown[] = []): Promise<T[]> => (await t.server.ctx.db.query<T>(sql, params)).rows;

  beforeAll(async () => {
    t = await startTestServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('finds row-level security on every table of the exposed schemas', async () => {
    const withoutRls = await query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where c.relkind in ('r', 'p') and n.nspname = any ($1) and not c.relrowsecurity order by 1`,
      [exposedSchemas],
    );
    expect(withoutRls).toEqual([]);
  });

  it('finds a pinned search_path on every SECURITY DEFINER function (ours and the stand-in’s)', async () => {
    const mutable = await query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as c where c like 'search_path=%')
       order by 1`,
    );
    expect(mutable).toEqual([]);
  });

  it('finds a pinned search_path on every trigger function, every function of ours in public and private, and the stand-in’s own', async () => {
    const mutable = await query<{ name: string }>(
      `select n.nspname || '.' || p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       left join pg_depend d on d.objid = p.oid and d.deptype = 'e'
       where (n.nspname in ('public', 'private', 'supabase_local_realtime') or p.prorettype = 'trigger'::regtype)
         and n.nspname not in ('pg_catalog', 'information_schema')
         and d.objid is null
         and not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) as c where c like 'search_path=%')
       order by 1`,
    );
    expect(mutable).toEqual([]);
  });

  for (const role of ['anon', 'authenticated'] as const) {
    it(`lets ${role} execute only the allow-listed SECURITY DEFINER functions of the exposed schemas`, async () => {
      const executable = await query<{ name: string }>(
        `select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace
         where p.prosecdef and n.nspname = any ($1) and has_function_privilege($2, p.oid, 'execute')
         order by 1`,
        [exposedSchemas, role],
      );
      expect(executable.map((row) => row.name).filter((name) => !definerAllowList[role].includes(name))).toEqual([]);
    });
  }

  it('finds allowed_mime_types on every storage bucket, images only', async () => {
    const buckets = await query<{ id: string; allowed_mime_types: string[] | null }>('select id, allowed_mime_types from storage.buckets order by id');
    expect(buckets.length).toBeGreaterThan(0);
    for (const bucket of buckets) {
      expect(bucket.allowed_mime_types, bucket.id).not.toBeNull();
      expect(bucket.allowed_mime_types!.length, bucket.id).toBeGreaterThan(0);
      for (const type of bucket.allowed_mime_types!) expect(type, bucket.id).toMatch(/^image\/(jpeg|png|webp|avif)$/);
    }
  });

  it('finds at most one permissive policy per table, role and command in the exposed schemas', async () => {
    const overlaps = await query<{ target: string }>(
      `with expanded as (
         select schemaname, tablename, policyname, unnest(roles) as role, cmd
         from pg_policies where permissive = 'PERMISSIVE' and schemaname = any ($1)
       ), by_command as (
         select schemaname, tablename, role, c.cmd, policyname
         from expanded, lateral unnest(case when expanded.cmd = 'ALL' then array['SELECT', 'INSERT', 'UPDATE', 'DELETE'] else array[expanded.cmd] end) as c (cmd)
       )
       select schemaname || '.' || tablename || ' ' || role || ' ' || cmd || ': ' || string_agg(policyname, ', ' order by policyname) as target
       from by_command group by schemaname, tablename, role, cmd having count(*) > 1 order by 1`,
      [exposedSchemas],
    );
    expect(overlaps).toEqual([]);
  });

  it('keeps the policy helpers out of the API: nothing in private is reachable through /rest/v1/rpc', async () => {
    const helpers = await query<{ name: string }>(`select p.proname as name from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'private' order by 1`);
    expect(helpers.map((row) => row.name)).toEqual(expect.arrayContaining(['can_message', 'can_see_profile', 'is_property_host']));
    for (const { name } of helpers) {
      const response = await fetch(`${t.url}/rest/v1/rpc/${name}`, { method: 'POST', headers: { apikey: t.server.keys.anonKey, 'content-type': 'application/json' }, body: '{}' });
      expect(response.status, name).toBe(404);
    }
  });
});
