// The real Supabase CLI (its Linux x64 build from npm, `@supabase/cli-linux-x64`, pinned as an optional
// dependency: the `supabase` wrapper package cannot be locked, its other platforms' builds are not all on the
// registry) reads this project as hosted tooling will: over a native
// Postgres the stand-in migrated (as CI has), `migration list` pairs every migration file with the one
// recorded, and `db push --dry-run --include-seed` finds nothing to push, migrations or seed. So a deploy
// with `supabase db push` neither re-runs a migration nor re-seeds, and the CLI accepts config.toml.
import { execFile } from 'node:child_process';
import { cp, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './support/start.ts';

const run = promisify(execFile);
const native = Boolean(process.env.TEST_DATABASE_URL);
const cli = join(process.cwd(), 'node_modules', '@supabase', 'cli-linux-x64', 'bin', 'supabase');
/** Where npm installs the build (CI's machine); elsewhere the package is skipped as not for this platform. */
const hasCli = process.platform === 'linux' && process.arch === 'x64';

interface CliAnswer {
  code: number;
  out: string;
}

async function supabase(workdir: string, args: string[]): Promise<CliAnswer> {
  try {
    const { stdout, stderr } = await run(cli, [...args, '--workdir', workdir], { timeout: 120_000, env: { ...process.env, SUPABASE_TELEMETRY_DISABLED: '1', DO_NOT_TRACK: '1' } });
    return { code: 0, out: `${stdout}\n${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    return { code: typeof failed.code === 'number' ? failed.code : 1, out: `${failed.stdout ?? ''}\n${failed.stderr ?? ''}` };
  }
}

describe.runIf(native && hasCli)('the real Supabase CLI on a database the stand-in migrated (native Postgres)', () => {
  let t: TestServer;
  let remote: string;
  beforeAll(async () => {
    t = await startTestServer({ engine: 'postgres', seed: true });
    remote = `--remote=${t.databaseUrl!}${t.databaseUrl!.includes('?') ? '&' : '?'}sslmode=disable`;
  }, 120_000);
  afterAll(async () => {
    await t?.close();
  });

  it('pairs every migration file with the version recorded in the database', async () => {
    const versions = (await readdir('supabase/migrations')).filter((name) => name.endsWith('.sql')).map((name) => name.split('_')[0]!);
    const { code, out } = await supabase(process.cwd(), ['migration', 'list', remote]);
    expect(code, out).toBe(0);
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
});
