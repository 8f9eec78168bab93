import { readFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { typesOfDatabase } from '../../../supabase/local/src/typegen/generate-types.ts';
import { startTestServer, type TestServer } from './support/start.ts';

// The committed Database type must be what the migrations produce today (docs/decisions/generated-database-types.md).
const committedPath = 'src/lib/database.types.ts';
const regenerate = `npm run -s local -- gen types --lang typescript > ${committedPath}`;

describe('generated database types', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ engine: 'pglite' });
  });
  afterAll(() => t?.close());

  it(`${committedPath} matches the migrated schema (else run: ${regenerate})`, async () => {
    const generated = await typesOfDatabase(t.server.ctx.db, ['public']);
    expect(generated, `stale: run \`${regenerate}\``).toBe(await readFile(committedPath, 'utf8'));
  });
});
