// `gen types --lang typescript`: the schema of a database migrated from the project's migrations, rendered
// by the generator `supabase gen types` itself runs. The CLI starts postgres-meta's typegen
// (`@supabase/postgres-meta`), which introspects and renders with `@supabase/postgrest-typegen`; we call
// that package on our own connection (PGlite or native Postgres), with the CLI's settings, so the file
// is the real one byte for byte (docs/decisions/generated-database-types.md). Without a database URL it
// migrates a throwaway PGlite, so the answer depends on the migrations alone, never on a data dir.
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Queryable } from '../db/database.ts';
import { prepareDatabase } from '../db/migrations.ts';
import { openDatabase } from '../db/open-database.ts';

export const supportedLanguages = ['typescript'] as const;

export async function typesOfDatabase(db: Queryable, schemas: readonly string[]): Promise<string> {
  // Loaded here, not at the top: the CLI's other commands need not pay for the formatter.
  const { generateTypescript, introspect, sortGeneratorMetadata } = await import('@supabase/postgrest-typegen');
  const metadata = sortGeneratorMetadata(await introspect(db, { includedSchemas: [...schemas] }));
  // The CLI sets PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS (PostgREST 10 and later) and no
  // PostgREST version; postgres-meta prints the result with console.log, hence the last newline.
  const source = await generateTypescript(metadata, { detectOneToOneRelationships: true, defaultSchema: 'public' });
  return `${source}\n`;
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
