// Applies the Supabase baseline, then <projectDir>/migrations/*.sql in filename order (recorded in
// supabase_migrations.schema_migrations like the CLI), then the seed files once on a new database.
import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { basename, dirname, join, posix, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse as parseToml } from 'smol-toml';
import type { Database } from './database.ts';

const bootstrapFile = join(dirname(fileURLToPath(import.meta.url)), 'bootstrap.sql');
const migrationName = /^([0-9]+)_(.*)\.sql$/;

export interface MigrationFile {
  version: string;
  name: string;
  path: string;
}

export async function listMigrations(projectDir: string): Promise<MigrationFile[]> {
  const dir = join(projectDir, 'migrations');
  let entries: string[];
  try {
    entries = await readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .sort()
    .flatMap((file) => {
      const match = migrationName.exec(file);
      return match?.[1] && match[2] !== undefined ? [{ version: match[1], name: match[2], path: join(dir, file) }] : [];
    });
}

async function readConfigSeedPaths(projectDir: string): Promise<string[]> {
  let text: string;
  try {
    text = await readFile(join(projectDir, 'config.toml'), 'utf8');
  } catch {
    return ['./seed.sql'];
  }
  const config = parseToml(text) as { db?: { seed?: { enabled?: boolean; sql_paths?: unknown } } };
  const seed = config.db?.seed;
  if (seed?.enabled === false) return [];
  const paths = seed?.sql_paths;
  return Array.isArray(paths) && paths.every((p) => typeof p === 'string') ? (paths as string[]) : ['./seed.sql'];
}

/** Expands a `[db.seed] sql_paths` entry; `*` is supported in the last path segment. */
async function expandSeedPath(projectDir: string, pattern: string): Promise<string[]> {
  const full = resolve(projectDir, pattern);
  const file = basename(full);
  if (!file.includes('*')) return [full];
  const matcher = new RegExp(`^${file.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`);
  try {
    return (await readdir(dirname(full))).filter((name) => matcher.test(name)).sort().map((name) => join(dirname(full), name));
  } catch {
    return [];
  }
}

export async function listSeedFiles(projectDir: string): Promise<string[]> {
  const files: string[] = [];
  for (const pattern of await readConfigSeedPaths(projectDir)) {
    for (const file of await expandSeedPath(projectDir, pattern)) if (!files.includes(file)) files.push(file);
  }
  return files;
}

export async function applyBootstrap(db: Database): Promise<void> {
  await db.exec(await readFile(bootstrapFile, 'utf8'));
}

export async function applyMigrations(db: Database, projectDir: string): Promise<string[]> {
  const applied = new Set(
    (await db.query<{ version: string }>('select version from supabase_migrations.schema_migrations')).rows.map((r) => r.version),
  );
  const done: string[] = [];
  for (const migration of await listMigrations(projectDir)) {
    if (applied.has(migration.version)) continue;
    const sql = await readFile(migration.path, 'utf8');
    try {
      await db.exec(sql);
    } catch (error) {
      throw new Error(`migration ${basename(migration.path)} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    await db.query('insert into supabase_migrations.schema_migrations (version, statements, name) values ($1, $2, $3)', [
      migration.version,
      [sql],
      migration.name,
    ]);
    done.push(migration.version);
  }
  return done;
}

/**
 * The path a seed file is recorded under in supabase_migrations.seed_files, as the Supabase CLI records it:
 * relative to the project root, so `supabase/seed.sql` (docs/decisions/hosted-defaults.md). Under another
 * path the CLI would take the seed for a new file and run it again.
 */
export function recordedSeedPath(projectDir: string, file: string): string {
  return posix.join('supabase', relative(projectDir, file).split(sep).join('/'));
}

export async function applySeed(db: Database, projectDir: string): Promise<string[]> {
  const done: string[] = [];
  for (const file of await listSeedFiles(projectDir)) {
    let sql: string;
    try {
      sql = await readFile(file, 'utf8');
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') continue;
      throw error;
    }
    const path = recordedSeedPath(projectDir, file);
    try {
      await db.exec(sql);
    } catch (error) {
      throw new Error(`seed ${path} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
    const hash = createHash('sha256').update(sql).digest('hex');
    await db.query(
      'insert into supabase_migrations.seed_files (path, hash) values ($1, $2) on conflict (path) do update set hash = excluded.hash',
      [path, hash],
    );
    done.push(path);
  }
  return done;
}

/** Baseline + pending migrations; seed files only when the database was new. */
export async function prepareDatabase(db: Database, projectDir: string, opts: { seed: boolean }): Promise<{ isNew: boolean; migrations: string[]; seeds: string[] }> {
  const { rows } = await db.query<{ exists: boolean }>(`select to_regclass('supabase_migrations.schema_migrations') is not null as exists`);
  const isNew = !rows[0]?.exists;
  await applyBootstrap(db);
  const migrations = await applyMigrations(db, projectDir);
  const seeds = isNew && opts.seed ? await applySeed(db, projectDir) : [];
  return { isNew, migrations, seeds };
}

/**
 * Drops every non-system schema (and publications) so the next prepareDatabase starts from
 * scratch. Roles are cluster-wide and kept; bootstrap re-creates the rest.
 */
export async function resetDatabase(db: Database): Promise<void> {
  const schemas = await db.query<{ nspname: string }>(
    `select nspname from pg_namespace
      where nspname not in ('pg_catalog', 'information_schema', 'pg_toast')
        and nspname not like 'pg\\_temp\\_%' and nspname not like 'pg\\_toast\\_temp\\_%'`,
  );
  const publications = await db.query<{ pubname: string }>('select pubname from pg_publication');
  const quote = (name: string): string => `"${name.replace(/"/g, '""')}"`;
  const statements = [
    ...publications.rows.map((p) => `drop publication if exists ${quote(p.pubname)};`),
    ...schemas.rows.map((s) => `drop schema if exists ${quote(s.nspname)} cascade;`),
    'create schema public;',
    'grant all on schema public to public;',
  ];
  // Another connection (e.g. realtime re-attaching triggers) may touch the same catalog rows.
  for (let attempt = 1; ; attempt += 1) {
    try {
      await db.exec(statements.join('\n'));
      return;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (attempt >= 5 || (code !== 'XX000' && code !== '40P01' && code !== '40001')) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100 * attempt));
    }
  }
}
