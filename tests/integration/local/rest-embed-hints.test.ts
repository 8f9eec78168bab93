// Embedding hints and disambiguation as PostgREST 14's findRel (PostgREST "Resource Embedding"): the same
// table twice by FK column hints, self references, embedding by FK column, PGRST201 details, 42712 for
// one name twice, spreads of to-one and to-many embeds, and relationships through views.
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

  it('follows self references as PostgREST 14: the parent by FK column, the children by table hinted with their column', async () => {
    const { data } = await db.from('people').select('name, manager:manager_id(name), mentor:mentor_id(name)').order('id');
    expect(data).toEqual([
      { name: 'Ada', manager: null, mentor: null },
      { name: 'Ben', manager: { name: 'Ada' }, mentor: null },
      { name: 'Cleo', manager: { name: 'Ada' }, mentor: { name: 'Ben' } },
      { name: 'Dan', manager: { name: 'Ben' }, mentor: { name: 'Cleo' } },
    ]);
    const reports = await db.from('people').select('name, reports:people!manager_id(name)').eq('id', 1).single();
    expect(reports.data).toEqual({ name: 'Ada', reports: [{ name: 'Ben' }, { name: 'Cleo' }] });
    const byConstraint = await db.from('people').select('name, reports:people!people_manager_id_fkey(name)').eq('id', 1).single();
    expect(byConstraint.status).toBe(400);
    expect(byConstraint.error).toEqual({
      code: 'PGRST200',
      message: "Could not find a relationship between 'people' and 'people' in the schema cache",
      details: "Searched for a foreign key relationship between 'people' and 'people' using the hint 'people_manager_id_fkey' in the schema 'public', but no matches were found.",
      hint: null,
    });
  });

  it('embeds by the FK column name the referenced table, never a view over it', async () => {
    const { data, error } = await db.from('messages').select('id, author_id(name)').eq('id', 3).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 3, author_id: { name: 'Cleo' } });
  });

  it('names the origin first in PGRST201 details, also for one-to-many candidates', async () => {
    const fromPeople = await db.from('people').select('name, messages(id)');
    expect(fromPeople.status).toBe(300);
    expect(fromPeople.error?.details).toEqual(expect.arrayContaining([
      { cardinality: 'one-to-many', embedding: 'people with messages', relationship: 'messages_author_id_fkey using people(id) and messages(author_id)' },
      { cardinality: 'one-to-many', embedding: 'people with messages', relationship: 'messages_editor_id_fkey using people(id) and messages(editor_id)' },
    ]));
  });

  it('answers 400 42712 for the same embed twice at one level without aliases', async () => {
    const { error, status } = await db.from('messages').select('people!author_id(name), people!editor_id(name)');
    expect(status).toBe(400);
    expect(error).toEqual({ code: '42712', message: 'table name "messages_people_1" specified more than once', details: null, hint: null });
  });

  it('spreads a to-one embed into the parent, and a to-many one as one array per column (PostgREST 14)', async () => {
    const spread = await db.from('messages').select('id, ...channels(slug)').eq('id', 3).single();
    expect(spread.data).toEqual({ id: 3, slug: 'random' });
    const many = await db.from('channels').select('slug, ...messages(id, body)').order('id').order('id', { referencedTable: 'messages' });
    expect(many.error).toBeNull();
    expect(many.data).toEqual([
      { slug: 'general', id: [1, 2], body: ['hello', 'hi all'] },
      { slug: 'random', id: [3, 4], body: ['random thought', 'lunch?'] },
      { slug: 'empty', id: [], body: [] },
    ]);
  });

  it('embeds through a view using the foreign keys of its base table', async () => {
    const fromView = await db.from('message_list').select('id, channels(slug)').eq('id', 4).single();
    expect(fromView.error).toBeNull();
    expect(fromView.data).toEqual({ id: 4, channels: { slug: 'random' } });
    const toView = await db.from('channels').select('slug, message_list(id)').eq('id', 1).single();
    expect(toView.data?.message_list).toEqual(expect.arrayContaining([{ id: 1 }, { id: 2 }]));
  });
});
