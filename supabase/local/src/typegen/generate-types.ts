// `gen types --lang typescript`: the schema of a database migrated from the project's migrations,
// rendered as `supabase gen types typescript` would. Without a database URL it migrates a throwaway
// PGlite, so the answer depends on the migrations alone, never on a running stand-in's data dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Database } from '../db/database.ts';
import { prepareDatabase } from '../db/migrations.ts';
import { openDatabase } from '../db/open-database.ts';
import { readCatalog } from './read-catalog.ts';
import { renderTypescript } from './render-typescript.ts';

export const supportedLanguages = ['typescript'] as const;

export async function typesOfDatabase(db: Database, schemas: readonly string[]): Promise<string> {
  return renderTypescript(await readCatalog(db, schemas));
}

export interface GenerateTypesOptions {
  projectDir: string;
  schemas: readonly string[];
  /** read this database as it is (like the CLI's --db-url) instead of migrating a fresh one */
  dbUrl?: string | undefined;
}

export async function generateTypes(opts: GenerateTypesOptions): Promise<string> {
  if (opts.dbUrl) {
    const db = await openDatabase({ dataDir: '', dbUrl: opts.dbUrl });
    try {
      return await typesOfDatabase(db, opts.schemas);
    } finally {
      await db.close();
    }
  }
  const dataDir = await mkdtemp(join(tmpdir(), 'supabase-local-typegen-'));
  try {
    const db = await openDatabase({ dataDir });
    try {
      await prepareDatabase(db, opts.projectDir, { seed: false });
      return await typesOfDatabase(db, opts.schemas);
    } finally {
      await db.close();
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
