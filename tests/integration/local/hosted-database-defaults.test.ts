// Database defaults a hosted project has, which seeds and the Supabase CLI rely on
// (docs/decisions/hosted-defaults.md): the postgres role's search_path includes `extensions`, so a seed
// may call pgcrypto's gen_salt() unqualified, and a seed file is recorded in
// supabase_migrations.seed_files under the path the CLI uses (`supabase/seed.sql`), so the CLI does not
// seed again.
import { createHash } from 'node:crypto';
import { mkdtemp, mkdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const seedSql = `insert into public.accounts (id, password_hash) values (1, crypt('demo-password', gen_salt('bf')));\n`;

describe.each(testEngines)('hosted database defaults (%s)', (engine) => {
  let projectDir: string;
  let t: TestServer;

  beforeAll(async () => {
    projectDir = await mkdtemp(join(tmpdir(), 'hosted-defaults-project-'));
    await mkdir(join(projectDir, 'migrations'));
    await writeFile(join(projectDir, 'migrations', '20240101000000_accounts.sql'), 'create table public.accounts (id int primary key, password_hash text not null);\n');
    await writeFile(join(projectDir, 'seed.sql'), seedSql);
    t = await startTestServer({ engine, projectDir, seed: true });
  });
  afterAll(async () => {
    await t?.close();
    await rm(projectDir, { recursive: true, force: true });
  });

  it("gives the postgres role hosted's search_path, so a seed calls gen_salt() unqualified", async () => {
    const db = t.server.ctx.db;
    const seeded = await db.query<{ ok: boolean }>(`select password_hash = extensions.crypt('demo-password', password_hash) as ok from public.accounts`);
    expect(seeded.rows).toEqual([{ ok: true }]);
    const setting = await db.query<{ config: string[] }>(
      `select s.setconfig as config from pg_db_role_setting s join pg_roles r on r.oid = s.setrole where r.rolname = 'postgres' and s.setdatabase = 0`,
    );
    expect(setting.rows[0]?.config).toContain('search_path="$user", public, extensions');
  });

  it('records the seed under the path the Supabase CLI records: supabase/seed.sql', async () => {
    const { rows } = await t.server.ctx.db.query<{ path: string; hash: string }>('select path, hash from supabase_migrations.seed_files');
    expect(rows).toEqual([{ path: 'supabase/seed.sql', hash: createHash('sha256').update(seedSql).digest('hex') }]);
  });
});
