import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesOfDatabase } from '../../../supabase/local/src/typegen/generate-types.ts';
import { postgresMetaTypes } from './support/postgres-meta-typegen.ts';
import { startTestServer, type TestServer } from './support/start.ts';

// The committed Database type must be what the migrations produce today, and what `supabase gen types`
// (postgres-meta's typegen) prints for them on a real Postgres (docs/decisions/generated-database-types.md).
const committedPath = 'src/lib/database.types.ts';
const regenerate = `npm run -s local -- gen types --lang typescript > ${committedPath}`;
const native = Boolean(process.env.TEST_DATABASE_URL);

describe('generated database types', () => {
  let t: TestServer;
  let generated: string;
  beforeAll(async () => {
    t = await startTestServer({ engine: 'pglite' });
    generated = await typesOfDatabase(t.server.ctx.db, ['public']);
  });
  afterAll(() => t?.close());

  it(`${committedPath} matches the migrated schema (else run: ${regenerate})`, async () => {
    expect(generated, `stale: run \`${regenerate}\``).toBe(await readFile(committedPath, 'utf8'));
  });

  it('has no function in public that PostgREST and postgres-meta take for a computed field of a table', async () => {
    // A function whose only argument is a table's row becomes a column of that table in the generated Row
    // (sync_booked_dates did, and the app stopped compiling). None is meant as one today.
    const { rows } = await t.server.ctx.db.query<{ fn: string }>(
      `select p.oid::regprocedure::text as fn
         from pg_proc p join pg_class c on c.reltype = p.proargtypes[0]
        where p.pronamespace = 'public'::regnamespace and p.pronargs = 1 and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    );
    expect(rows).toEqual([]);
  });

  describe.runIf(native)('against postgres-meta on native Postgres', () => {
    let onPostgres: TestServer;
    let real: string;
    beforeAll(async () => {
      onPostgres = await startTestServer({ engine: 'postgres' });
      real = await postgresMetaTypes(onPostgres.databaseUrl!, ['public']);
    });
    afterAll(() => onPostgres?.close());

    it("the stand-in's gen types prints what postgres-meta prints, on PGlite and on the same database", async () => {
      expect(generated).toBe(real);
      expect(await typesOfDatabase(onPostgres.server.ctx.db, ['public'])).toBe(real);
    });

    it(`${committedPath} is what postgres-meta generates`, async () => {
      expect(await readFile(committedPath, 'utf8')).toBe(real);
    });
  });
});
