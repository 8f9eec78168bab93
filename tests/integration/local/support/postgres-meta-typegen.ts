// Runs the real `supabase gen types typescript` generator: postgres-meta's typegen entry
// (`node dist/server/server.js`, the command the Supabase CLI runs in the postgres-meta image), with the
// environment the CLI gives it for `--db-url`, over a database. Prints what the CLI prints.
import { execFile } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { promisify } from 'node:util';

const packageDir = dirname(createRequire(import.meta.url).resolve('@supabase/postgres-meta/package.json'));

export async function postgresMetaTypes(databaseUrl: string, schemas: readonly string[]): Promise<string> {
  const { stdout } = await promisify(execFile)(process.execPath, [join(packageDir, 'dist/server/server.js')], {
    env: {
      PATH: process.env.PATH,
      PG_META_DB_URL: databaseUrl,
      PG_META_GENERATE_TYPES: 'typescript',
      PG_META_GENERATE_TYPES_INCLUDED_SCHEMAS: schemas.join(','),
      // the CLI's setting for PostgREST 10 and later
      PG_META_GENERATE_TYPES_DETECT_ONE_TO_ONE_RELATIONSHIPS: 'true',
    },
    maxBuffer: 64 * 1024 * 1024,
  });
  return stdout;
}
