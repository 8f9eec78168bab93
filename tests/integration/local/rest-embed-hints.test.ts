// Embedding hints and disambiguation (PostgREST "Resource Embedding"): the same table twice by FK
// column hints, self references by column hints, PGRST201 details, spreads on to-one and PGRST119 on
// to-many, and relationships through views.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest embedding hints on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('embeds the same table twice with column hints', async () => {
    const { data, error } = await db.from('messages').select('id, author:people!author_id(name), editor:people!editor_id(name)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, author: { name: 'Ada' }, editor: { name: 'Ben' } },
      { id: 2, author: { name: 'Ben' }, editor: null },
      { id: 3, author: { name: 'Cleo' }, editor: { name: 'Ada' } },
      { id: 4, author: { name: 'Dan' }, editor: null },
    ]);
  });

  it('answers 300 PGRST201 with every candidate relationship in details', async () => {
    const { error, status } = await db.from('messages').select('id, people(name)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.message).toBe("Could not embed because more than one relationship was found for 'messages' and 'people'");
    expect(error?.details).toEqual(expect.arrayContaining([
      { cardinality: 'many-to-one', embedding: 'messages with people', relationship: 'messages_author_id_fkey using messages(author_id) and people(id)' },
      { cardinality: 'many-to-one', embedding: 'messages with people', relationship: 'messages_editor_id_fkey using messages(editor_id) and people(id)' },
    ]));
    expect(error?.details).toHaveLength(2);
    expect(error?.hint).toMatch(/^Try changing 'people' to one of the following: 'people!messages_(author|editor)_id_fkey', 'people!messages_(author|editor)_id_fkey'\. Find the desired relationship in the 'details' key\.$/);
  });

  it('follows self references through the hinted column', async () => {
    const { data } = await db.from('people').select('name, manager:people!manager_id(name), mentor:people!mentor_id(name)').order('id');
    expect(data).toEqual([
      { name: 'Ada', manager: null, mentor: null },
      { name: 'Ben', manager: { name: 'Ada' }, mentor: null },
      { name: 'Cleo', manager: { name: 'Ada' }, mentor: { name: 'Ben' } },
      { name: 'Dan', manager: { name: 'Ben' }, mentor: { name: 'Cleo' } },
    ]);
    const reports = await db.from('people').select('name, reports:people!people_manager_id_fkey(name)').eq('id', 1).single();
    expect(reports.data).toEqual({ name: 'Ada', reports: [{ name: 'Ben' }, { name: 'Cleo' }] });
  });

  it('spreads a to-one embed into the parent and refuses a to-many spread with PGRST119', async () => {
    const spread = await db.from('messages').select('id, ...channels(slug)').eq('id', 3).single();
    expect(spread.data).toEqual({ id: 3, slug: 'random' });
    const many = await db.from('channels').select('slug, ...messages(body)');
    expect(many.status).toBe(400);
    expect(many.error?.code).toBe('PGRST119');
  });

  it('embeds through a view using the foreign keys of its base table', async () => {
    const fromView = await db.from('message_list').select('id, channels(slug)').eq('id', 4).single();
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual({ id: 4, channels: { slug: 'random' } });
    const toView = await db.from('channels').select('slug, message_list(id)').eq('id', 1).single();
    expect(toView.data?.message_list).toEqual(expect.arrayContaining([{ id: 1 }, { id: 2 }]));
  });
});
