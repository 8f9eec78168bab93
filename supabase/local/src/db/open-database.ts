import { join } from 'node:path';
import type { Database } from './database.ts';
import { openPglite } from './pglite-engine.ts';
import { openPostgres } from './postgres-engine.ts';

/** Native Postgres when a URL is given, else PGlite in `<dataDir>/pgdata`. */
export async function openDatabase(opts: { dataDir: string; dbUrl?: string | undefined }): Promise<Database> {
  if (opts.dbUrl) return openPostgres(opts.dbUrl);
  return openPglite(join(opts.dataDir, 'pgdata'));
}
