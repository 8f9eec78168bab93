// Our own database advisor, in the spirit of Supabase's (security lints 0007, 0011, 0013, 0028/0029, and
// the multiple-permissive-policies performance lint): it queries the catalog after all migrations and
// fails on a public table without RLS, a SECURITY DEFINER function without a pinned search_path, a
// SECURITY DEFINER function in an exposed schema that anon or authenticated may execute without being on
// the allow-list below, a bucket without allowed_mime_types, or two permissive policies for one role
// and command on a public table. It also runs Supabase's own advisor lints about API exposure (splinter's
// SQL, copied into support/splinter/) with the exposed schemas the project declares on the authenticator
// role, as hosted projects do.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

/** Exposed through /rest/v1 (config.toml [api] schemas). */
const exposedSchemas = ['public', 'graphql_public'];

/**
 * SECURITY DEFINER functions the client calls, who may call them, and why each must read past RLS.
 * Everything else is revoked, SECURITY INVOKER or private (is_house_member only asks private.is_house_member_of).
 */
const definerReasons = {
  // Overlap with every booking of the room, which the caller may not read; answers only true/false.
  check_booking_conflict: ['anon', 'authenticated'],
  // Names and photos of reviewers whose profiles are hidden to the reader; only those fields, only of review authors.
  get_review_authors: ['anon', 'authenticated'],
  // The other members of a house the caller belongs to (their bookings and profiles are not readable to the caller).
  get_housemates: ['authenticated'],
  // Takes a browser's endpoint over from the user who had it (that row is not readable to the caller).
  register_push_subscription: ['authenticated'],
} as const satisfies Record<string, readonly ('anon' | 'authenticated')[]>;
const definerAllowList: Record<'anon' | 'authenticated', string[]> = {
  anon: Object.keys(definerReasons).filter((name) => (definerReasons[name as keyof typeof definerReasons] as readonly string[]).includes('anon')),
  authenticated: Object.keys(definerReasons).filter((name) => (definerReasons[name as keyof typeof definerReasons] as readonly string[]).includes('authenticated')),
};

const splinterDir = fileURLToPath(new URL('./support/splinter/', import.meta.url));

interface LintRow {
  name: string;
  detail: string;
  metadata: { schema?: string; name?: string } | null;
}

/** Rolls the lint views back after reading them. */
class RollBack extends Error {}

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

  it('declares the exposed schemas on the authenticator role, as hosted projects do (pgrst.db_schemas)', async () => {
    const rows = await query<{ setting: string }>(
      `select setting from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as setting
       where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
         and setting like 'pgrst.db_schemas=%'`,
    );
    expect(rows.map((row) => row.setting.split('=')[1]!.split(',').map((schema) => schema.trim()))).toEqual([exposedSchemas]);
  });

  /** Runs splinter's exposure lints with the authenticator's pgrst.db_schemas; `plant` adds objects first (rolled back too). */
  async function runSplinter(plant: string[] = []): Promise<LintRow[]> {
    const files = (await readdir(splinterDir)).filter((file) => file.endsWith('.sql')).sort();
    expect(files.length).toBeGreaterThanOrEqual(7);
    let found: LintRow[] = [];
    try {
      await t.server.ctx.db.transaction(async (tx) => {
        await tx.query(
          `select set_config('pgrst.db_schemas', coalesce((
             select substr(setting, length('pgrst.db_schemas=') + 1)
             from pg_db_role_setting s join pg_roles r on r.oid = s.setrole, unnest(s.setconfig) as setting
             where r.rolname = 'authenticator' and s.setdatabase in (0, (select oid from pg_database where datname = current_database()))
               and setting like 'pgrst.db_schemas=%' order by s.setdatabase desc limit 1), ''), true)`,
        );
        for (const statement of plant) await tx.query(statement);
        await tx.query('create schema lint');
        for (const file of files) await tx.query(await readFile(`${splinterDir}${file}`, 'utf8'));
        const views = files.map((file) => `select name, detail, metadata from lint."${file.replace(/\.sql$/, '')}"`);
        found = (await tx.query<LintRow>(views.join(' union all '))).rows;
        throw new RollBack();
      });
    } catch (error) {
      if (!(error instanceof RollBack)) throw error;
    }
    return found;
  }

  it('passes Supabase\'s exposure lints (splinter 0002, 0010, 0013, 0016, 0017, 0028, 0029), allow-listed definers aside', async () => {
    const findings = await runSplinter();
    const unexpected = findings.filter((row) => {
      const role = row.name === 'anon_security_definer_function_executable' ? 'anon' : row.name === 'authenticated_security_definer_function_executable' ? 'authenticated' : null;
      return !(role && row.metadata?.schema === 'public' && definerAllowList[role].includes(row.metadata.name ?? ''));
    });
    expect(unexpected.map((row) => `${row.name}: ${row.detail}`)).toEqual([]);
  });

  it('sees what the exposure lints exist for: a planted public definer function, view and table without RLS', async () => {
    const findings = await runSplinter([
      'create function public.advisor_probe() returns int language sql security definer set search_path = \'\' as $$ select 1 $$',
      'grant execute on function public.advisor_probe() to anon, authenticated',
      'create table public.advisor_probe_table (id int)',
      // exposed only once granted: no default grants in public (docs/decisions/hosted-defaults.md)
      'grant select on public.advisor_probe_table to anon',
      'create view public.advisor_probe_users as select id from auth.users',
      'grant select on public.advisor_probe_users to authenticated',
    ]);
    const names = findings.map((row) => `${row.name} ${row.metadata?.name ?? ''}`);
    expect(names).toEqual(expect.arrayContaining([
      'anon_security_definer_function_executable advisor_probe',
      'authenticated_security_definer_function_executable advisor_probe',
      'rls_disabled_in_public advisor_probe_table',
      'auth_users_exposed advisor_probe_users',
      'security_definer_view advisor_probe_users',
    ]));
  });

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
