// Schemas as PostgREST serves them (docs.postgrest.org "Schemas"): config.toml `[api] schemas` are
// exposed, Accept-Profile / Content-Profile switch between them, others are refused with 406 PGRST106.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest schemas on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('reads, writes and calls functions in a second exposed schema', async () => {
    const library = db.schema('library');
    expect((await library.from('books').select('title').order('id')).data).toEqual([{ title: 'Notes' }, { title: 'Engines' }, { title: 'Tides' }]);
    const insert = await library.from('books').insert({ id: 4, title: 'Maps', author_id: 2 }).select('id, title');
    expect(insert.status).toBe(201);
    expect(insert.data).toEqual([{ id: 4, title: 'Maps' }]);
    expect((await library.rpc('book_count')).data).toBe(4);
    const missing = await library.from('messages').select('id');
    expect(missing.status).toBe(404);
    expect(missing.error?.code).toBe('PGRST205');
    expect(missing.error?.message).toBe("Could not find the table 'library.messages' in the schema cache");
  });

  it('answers 406 PGRST106 for a schema that is not exposed', async () => {
    const read = await db.schema('hidden').from('secrets').select('*');
    expect(read.status).toBe(406);
    expect(read.error).toEqual({ code: 'PGRST106', message: 'Invalid schema: hidden', details: null, hint: 'Only the following schemas are exposed: public, library' });
    const write = await raw(t, '/rest/v1/secrets', { method: 'POST', headers: { 'Content-Type': 'application/json', 'Content-Profile': 'hidden' }, body: '{"id":1}' });
    expect(write.status).toBe(406);
    expect((write.json as { code: string }).code).toBe('PGRST106');
  });

  it('puts the request schema first on the search_path, then extra_search_path', async () => {
    expect((await db.rpc('shout_it', { t: 'a' })).data).toBe('A!');
    const path = await raw(t, '/rest/v1/rpc/first_title', { headers: { 'Accept-Profile': 'library' } });
    expect(path.status).toBe(200);
    expect(path.json).toBe('Notes');
  });
});
