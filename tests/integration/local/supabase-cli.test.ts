// The real Supabase CLI (its Linux x64 build from npm, `@supabase/cli-linux-x64`, pinned as an optional
// dependency: the `supabase` wrapper package cannot be locked, its other platforms' builds are not all on the
// registry) reads this project as hosted tooling will: over a native
// Postgres the stand-in migrated (as CI has), `migration list` pairs every migration file with the one
// recorded, and `db push --dry-run --include-seed` finds nothing to push, migrations or seed. So a deploy
// with `supabase db push` neither re-runs a migration nor re-seeds, and the CLI accepts config.toml.
// `db lint` runs plpgsql_check over the project's functions as the migrations left them and must find
// nothing, not even a warning (docs/decisions/sql-lint-in-ci.md).
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/start.ts';

const run = promisify(execFile);
const native = Boolean(process.env.TEST_DATABASE_URL);
const cli = join(process.cwd(), 'node_modules', '@supabase', 'cli-linux-x64', 'bin', 'supabase');
/** Where npm installs the build (CI's machine); elsewhere the package is skipped as not for this platform. */
const hasCli = process.platform === 'linux' && process.arch === 'x64';

interface CliAnswer {
  code: number;
  /** stdout and stderr together */
  out: string;
  stdout: string;
}

async function supabase(workdir: string, args: string[]): Promise<CliAnswer> {
  try {
    const { stdout, stderr } = await run(cli, [...args, '--workdir', workdir], { timeout: 120_000, env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' } });
    return { code: 0, out: `${stdout}\n${stderr}`, stdout };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, out: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}`, stdout: failed.stdout ?? '' };
  }
}

interface LintFinding {
  function: string;
  issues: { level: string; message: string }[];
}

/** `db lint` prints its findings as a JSON array on stdout, and nothing when there are none. */
function lintFindings(stdout: string): LintFinding[] {
  return stdout.trim() === '' ? [] : (JSON.parse(stdout) as LintFinding[]);
}

/** The schemas the migrations define functions in (not the stand-in's own auth, storage or realtime). */
async function projectSchemas(): Promise<string[]> {
  const schemas = new Set<string>();
  for (const name of (await readdir('supabase/migrations')).filter((file) => file.endsWith('.sql'))) {
    const sql = await readFile(join('supabase/migrations', name), 'utf8');
    for (const match of sql.matchAll(/create\s+(?:or\s+replace\s+)?function\s+"?(\w+)"?\./gi)) schemas.add(match[1]!.toLowerCase());
  }
  return [...schemas].sort();
}

/**
 * Why `db lint` cannot run on this server, or undefined when it can: the CLI loads plpgsql_check, which must
 * be built for the server's major version. `.ci/run` installs it (Debian: postgresql-<major>-plpgsql-check).
 */
async function lintUnavailable(databaseUrl: string): Promise<string | undefined> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    const { rows } = await client.query<{ version: string; available: boolean }>(
      "select current_setting('server_version') as version, exists (select 1 from pg_available_extensions where name = 'plpgsql_check') as available",
    );
    const { version, available } = rows[0]!;
    return available ? undefined : `the extension plpgsql_check is not installed for this Postgres ${version} (on Debian: apt-get install postgresql-${version.split('.')[0]}-plpgsql-check)`;
  } finally {
    await client.end();
  }
}

describe.runIf(native && hasCli)('the real Supabase CLI on a database the stand-in migrated (native Postgres)', () => {
  let t: TestServer;
  let remote: string;
  let noLint: string | undefined;
  beforeAll(async () => {
    t = await startTestServer({ engine: 'postgres', seed: true });
    remote = `--remote=${t.databaseUrl!}${t.databaseUrl!.includes('?') ? '&' : '?'}sslmode=disable`;
    noLint = await lintUnavailable(t.databaseUrl!);
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('pairs every migration file with the version recorded in the database', async () => {
    const versions = (await readdir('supabase/migrations')).filter((name) => name.endsWith('.sql')).map((name) => name.split('_')[0]!);
    const { code, out } = await supabase(process.cwd(), ['migration', 'list', remote]);
    expect(code, out).toBe(0);
    // The CLI reads config.toml first: a key it no longer accepts is a warning ("WARN: auth.email.enable_signup is deprecated").
    expect(out).not.toMatch(/WARN|deprecated/);
    for (const version of versions) expect(out, version).toMatch(new RegExp(`\`${version}\`\\s*\\|\\s*\`${version}\``));
  });

  it('finds nothing to push, neither a migration nor the seed', async () => {
    const { code, out } = await supabase(process.cwd(), ['db', 'push', '--dry-run', '--include-seed', remote]);
    expect(code, out).toBe(0);
    expect(out).toContain('Remote database is up to date.');
    expect(out).not.toMatch(/Would push|Would seed|error/i);
  });

  it('would push a migration the database has not seen (the check above can fail)', async () => {
    const copy = await mkdtemp(join(tmpdir(), 'nomadnest-cli-'));
    try {
      await cp('supabase', join(copy, 'supabase'), { recursive: true, filter: (source) => !source.includes('/local/') && !source.includes('/functions/') });
      await writeFile(join(copy, 'supabase/migrations/29990101000000_not_yet_applied.sql'), 'select 1;\n');
      const { code, out } = await supabase(copy, ['db', 'push', '--dry-run', remote]);
      expect(code, out).toBe(0);
      expect(out).toContain('29990101000000_not_yet_applied.sql');
    } finally {
      await rm(copy, { recursive: true, force: true });
    }
  });

  describe('db lint (plpgsql_check)', () => {
    beforeAll(() => {
      if (!noLint) return;
      // CI must lint: .ci/run installs the extension, so its absence there is a broken CI machine.
      if (process.env.CI) throw new Error(`supabase db lint cannot run: ${noLint}`);
      console.warn(`Skipping supabase db lint: ${noLint}`);
    });
    beforeEach((context) => {
      if (noLint) context.skip(noLint);
    });

    it("finds nothing in the project's functions, neither an error nor a warning", async () => {
      const schemas = await projectSchemas();
      expect(schemas).toContain('public');
      const { code, out, stdout } = await supabase(process.cwd(), ['db', 'lint', remote, '--schema', schemas.join(','), '--level', 'warning', '--fail-on', 'warning']);
      expect(lintFindings(stdout), out).toEqual([]);
      expect(code, out).toBe(0);
      for (const schema of schemas) expect(out).toContain(`Linting schema: ${schema}`);
    });

    it('reports a function that reads a column its table does not have (the check above can fail)', async () => {
      const db = new pg.Client({ connectionString: t.databaseUrl });
      await db.connect();
      try {
        await db.query(`create function public.lint_probe() returns text language plpgsql set search_path = '' as $$
          begin return (select p.no_such_column from public.profiles p limit 1); end $$`);
        const { code, out, stdout } = await supabase(process.cwd(), ['db', 'lint', remote, '--schema', 'public', '--fail-on', 'error']);
        const probe = lintFindings(stdout).find((finding) => finding.function === 'public.lint_probe');
        expect(probe?.issues, out).toContainEqual(expect.objectContaining({ level: 'error', message: 'column p.no_such_column does not exist' }));
        expect(code, out).not.toBe(0);
      } finally {
        await db.query('drop function if exists public.lint_probe()');
        await db.end();
      }
    });
  });
});
