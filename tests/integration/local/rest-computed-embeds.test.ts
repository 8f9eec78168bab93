// Functions as embedded resources (PostgREST "Computed Relationships"): a function taking a row of
// the parent and returning rows of a table embeds like a relationship, to-many (setof) or to-one
// (`rows 1`), with embedded filters, ordering, limits and !inner.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest computed relationships on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('embeds a set-returning function of the row as an array', async () => {
    const { data, error } = await db.from('channels').select('slug, get_messages(id, body)').order('id').order('id', { referencedTable: 'get_messages' });
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', get_messages: [{ id: 1, body: 'hello' }, { id: 2, body: 'hi all' }] },
      { slug: 'random', get_messages: [{ id: 3, body: 'random thought' }, { id: 4, body: 'lunch?' }] },
      { slug: 'empty', get_messages: [] },
    ]);
  });

  it('embeds a rows-1 function as an object (or null), both ways', async () => {
    const top = await db.from('channels').select('slug, best:top_message(id, stars)').order('id');
    expect(top.data).toEqual([
      { slug: 'general', best: { id: 2, stars: 9 } },
      { slug: 'random', best: { id: 4, stars: 2 } },
      { slug: 'empty', best: null },
    ]);
    const back = await db.from('messages').select('id, channel_of(slug)').eq('id', 3).single();
    expect(back.data).toEqual({ id: 3, channel_of: { slug: 'random' } });
  });

  it('filters, limits and inner-joins computed embeds', async () => {
    const filtered = await db.from('channels').select('slug, get_messages(id)').gt('get_messages.stars', 4).order('id');
    expect(filtered.data).toEqual([
      { slug: 'general', get_messages: [{ id: 1 }, { id: 2 }] },
      { slug: 'random', get_messages: [] },
      { slug: 'empty', get_messages: [] },
    ]);
    const inner = await db.from('channels').select('slug, get_messages!inner(id)').eq('get_messages.author_id', 4);
    expect(inner.data).toEqual([{ slug: 'random', get_messages: [{ id: 4 }] }]);
    const limited = await db.from('channels').select('slug, get_messages(id)').eq('id', 1).order('id', { referencedTable: 'get_messages', ascending: false }).limit(1, { referencedTable: 'get_messages' });
    expect(limited.data).toEqual([{ slug: 'general', get_messages: [{ id: 2 }] }]);
    const nested = await db.from('channels').select('slug, get_messages(id, author:people!author_id(name))').eq('id', 2).order('id', { referencedTable: 'get_messages' });
    expect(nested.data).toEqual([{ slug: 'random', get_messages: [{ id: 3, author: { name: 'Cleo' } }, { id: 4, author: { name: 'Dan' } }] }]);
  });
});
