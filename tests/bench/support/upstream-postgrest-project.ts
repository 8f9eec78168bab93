// Builds a throwaway Supabase project folder from postgrest-js's own test fixture (its test/supabase:
// config.toml, the schema migration, seed.sql), so the stand-in serves the schema the upstream tests expect.
// The fixture is copied at bench time from the checkout given on the command line, never committed.
import { copyFile, mkdir, mkdtemp, readdir, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FixtureAdjustment } from './upstream-vitest.ts';

export interface UpstreamProject {
  dir: string;
  /** every change made to the upstream fixture, printed by the bench so a reader can judge the figures */
  adjustments: FixtureAdjustment[];
}

/** What the CLI's database image grants on `public` by default and hosted projects no longer do. */
const cliDefaultGrants = `-- Added by tests/bench/upstream-suites.ts: the Supabase CLI's image grants new public objects to the API
-- roles by default; the stand-in, like a hosted project today, does not (docs/decisions/hosted-defaults.md).
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
`;

/**
 * `alter role authenticator set …` (cluster-wide) scoped to the fixture's own database: on the shared
 * native Postgres of `--engine postgres` it would otherwise reach every database of the cluster (the
 * stand-in's integration tests then see aggregates, plans and tx overrides they did not enable).
 */
function scopeRoleSettings(sql: string): { sql: string; scoped: boolean } {
  const pattern = /^alter role authenticator set ([a-z_.]+) to '([^']*)';$/gim;
  const next = sql.replace(pattern, (_line, name: string, value: string) =>
    `do $scoped$ begin execute format('alter role authenticator in database %I set ${name} to %L', current_database(), '${value}'); end $scoped$;`);
  return { sql: next, scoped: next !== sql };
}

function replaceOnce(sql: string, from: string | RegExp, to: string, label: string): string {
  const next = sql.replace(from, to);
  if (next === sql) throw new Error(`the upstream fixture changed: ${label} not found; update tests/bench/support/upstream-postgrest-project.ts`);
  return next;
}

export async function preparePostgrestProject(packageDir: string): Promise<UpstreamProject> {
  const source = join(packageDir, 'test', 'supabase');
  const dir = await mkdtemp(join(tmpdir(), 'upstream-postgrest-'));
  await mkdir(join(dir, 'migrations'));
  await copyFile(join(source, 'config.toml'), join(dir, 'config.toml'));
  await copyFile(join(source, 'seed.sql'), join(dir, 'seed.sql'));
  const adjustments: FixtureAdjustment[] = [
    { what: 'default privileges on public for anon, authenticated, service_role prepended to the first migration', why: 'the CLI image grants them; hosted and the stand-in do not (docs/decisions/hosted-defaults.md)' },
  ];
  const migrations = (await readdir(join(source, 'migrations'))).filter((name) => name.endsWith('.sql')).sort();
  for (const [index, name] of migrations.entries()) {
    let sql = await readFile(join(source, 'migrations', name), 'utf8');
    if (index === 0) sql = cliDefaultGrants + sql;
    const roleSettings = scopeRoleSettings(sql);
    if (roleSettings.scoped) {
      sql = roleSettings.sql;
      adjustments.push({ what: `${name}: the authenticator's pgrst.* settings set in the fixture's database only`, why: 'cluster-wide, they would reach every other database of the shared native Postgres' });
    }
    if (/create extension if not exists postgis/i.test(sql)) {
      sql = replaceOnce(sql, /create extension if not exists postgis[^;]*;/i, '-- postgis: not available on PGlite or the Debian Postgres', 'create extension postgis');
      sql = replaceOnce(sql, /extensions\.geometry\(POINT,\s*4326\)/i, 'text', 'the geometry column');
      adjustments.push({ what: 'postgis left out; shops.shop_geom is text', why: 'PGlite and the test machine\'s Postgres have no PostGIS (the geojson test fails on it)' });
    }
    await writeFile(join(dir, 'migrations', name), sql);
  }
  return { dir, adjustments };
}
