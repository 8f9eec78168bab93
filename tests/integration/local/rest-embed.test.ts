// Resource embedding on the rest-embed fixture: many-to-one, one-to-many, one-to-one, many-to-many,
// self references, composite keys, FK hints, !inner, embedded filters/order/limit and error codes.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

describe.each(testEngines)('rest embedding on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('embeds many-to-one as an object (or null) and one-to-many as an array', async () => {
    const { data, error } = await db.from('channels').select('slug, owner:profiles(username), messages(id)').order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { slug: 'general', owner: { username: 'alice' }, messages: [{ id: 1 }, { id: 2 }] },
      { slug: 'random', owner: { username: 'bob' }, messages: [{ id: 3 }, { id: 4 }] },
      { slug: 'empty', owner: null, messages: [] },
    ]);
  });

  it('embeds one-to-one as an object in both directions', async () => {
    const { data } = await db.from('profiles').select('username, profile_settings(theme)').order('username');
    expect(data).toEqual([
      { username: 'alice', profile_settings: { theme: 'dark' } },
      { username: 'bob', profile_settings: null },
      { username: 'carol', profile_settings: null },
    ]);
    const back = await db.from('profile_settings').select('theme, profiles(username)').single();
    expect(back.data).toEqual({ theme: 'dark', profiles: { username: 'alice' } });
  });

  it('answers 300 PGRST201 for two FKs to one table and resolves hints by constraint or column', async () => {
    const ambiguous = await db.from('messages').select('id, profiles(username)');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST201');
    expect(ambiguous.error?.hint).toContain("'profiles!messages_sender_id_fkey'");
    expect(ambiguous.error?.details).toHaveLength(2);

    const { data, error } = await db
      .from('messages')
      .select('id, sender:profiles!messages_sender_id_fkey(username), receiver:profiles!receiver_id(username)')
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { id: 1, sender: { username: 'alice' }, receiver: { username: 'bob' } },
      { id: 2, sender: { username: 'alice' }, receiver: { username: 'bob' } },
      { id: 3, sender: { username: 'bob' }, receiver: null },
      { id: 4, sender: { username: 'carol' }, receiver: { username: 'alice' } },
    ]);
    const byColumn = await db.from('messages').select('id, sender_id(username)').eq('id', 4).single();
    expect(byColumn.data).toEqual({ id: 4, sender_id: { username: 'carol' } });
    const reverse = await db.from('profiles').select('username, sent:messages!messages_sender_id_fkey(id)').eq('username', 'alice').single();
    expect(reverse.data).toEqual({ username: 'alice', sent: [{ id: 1 }, { id: 2 }] });
  });

  it('embeds self references: children by table name, parent by FK column', async () => {
    const { data } = await db.from('categories').select('name, children:categories(name), parent:parent_id(name)').order('id');
    expect(data).toEqual([
      { name: 'root', children: [{ name: 'child a' }, { name: 'child b' }], parent: null },
      { name: 'child a', children: [{ name: 'grandchild' }], parent: { name: 'root' } },
      { name: 'child b', children: [], parent: { name: 'root' } },
      { name: 'grandchild', children: [], parent: { name: 'child a' } },
    ]);
  });

  it('joins composite foreign keys and nests embeds', async () => {
    const { data } = await db.from('regions').select('name, stores(name)').eq('country', 'ID').order('code');
    expect(data).toEqual([
      { name: 'Bali', stores: [{ name: 'Canggu Cowork' }, { name: 'Ubud Hub' }] },
      { name: 'Jakarta', stores: [] },
    ]);
    const nested = await db.from('stores').select('name, regions(name)').eq('id', 3).single();
    expect(nested.data).toEqual({ name: 'Alfama Desk', regions: { name: 'Lisbon' } });
    const deep = await db.from('messages').select('id, channels(slug, owner:profiles(username, profile_settings(theme)))').eq('id', 1).single();
    expect(deep.data).toEqual({ id: 1, channels: { slug: 'general', owner: { username: 'alice', profile_settings: { theme: 'dark' } } } });
  });

  it('embeds many-to-many through a junction table', async () => {
    const { data } = await db.from('messages').select('id, labels(name)').order('id');
    expect(data).toEqual([
      { id: 1, labels: [{ name: 'important' }, { name: 'later' }] },
      { id: 2, labels: [{ name: 'later' }] },
      { id: 3, labels: [] },
      { id: 4, labels: [] },
    ]);
  });

  it('filters, orders and limits inside embeds without dropping parents', async () => {
    const { data } = await db
      .from('channels')
      .select('slug, messages(id, status)')
      .eq('messages.status', 'sent')
      .order('id', { referencedTable: 'messages', ascending: false })
      .limit(1, { referencedTable: 'messages' })
      .order('id');
    expect(data).toEqual([
      { slug: 'general', messages: [{ id: 1, status: 'sent' }] },
      { slug: 'random', messages: [{ id: 4, status: 'sent' }] },
      { slug: 'empty', messages: [] },
    ]);
    const orFilter = await db.from('channels').select('slug, messages(id)').or('id.eq.1,id.eq.4', { referencedTable: 'messages' }).order('id');
    expect(orFilter.data).toEqual([
      { slug: 'general', messages: [{ id: 1 }] },
      { slug: 'random', messages: [{ id: 4 }] },
      { slug: 'empty', messages: [] },
    ]);
  });

  it('drops parents without a match for !inner and filters by embed presence', async () => {
    const inner = await db.from('messages').select('id, channel:channels!inner(slug)').eq('channel.slug', 'random').order('id');
    expect(inner.data).toEqual([
      { id: 3, channel: { slug: 'random' } },
      { id: 4, channel: { slug: 'random' } },
    ]);
    const innerMany = await db.from('channels').select('slug, messages!inner(id)').eq('messages.status', 'draft');
    expect(innerMany.data).toEqual([{ slug: 'random', messages: [{ id: 3 }] }]);
    const withoutMessages = await db.from('channels').select('slug, messages()').is('messages', null);
    expect(withoutMessages.data).toEqual([{ slug: 'empty' }]);
    const withOwner = await db.from('channels').select('slug, profiles()').not('profiles', 'is', null).order('id');
    expect(withOwner.data).toEqual([{ slug: 'general' }, { slug: 'random' }]);
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await db.from('messages').select('id, ...channels(channel_slug:slug)').eq('id', 3).single();
    expect(data).toEqual({ id: 3, channel_slug: 'random' });
  });

  it('answers PostgREST errors for unknown relationships, columns and tables', async () => {
    const noRel = await db.from('labels').select('id, profiles(id)');
    expect(noRel.status).toBe(400);
    expect(noRel.error).toMatchObject({ code: 'PGRST200', message: "Could not find a relationship between 'labels' and 'profiles' in the schema cache" });
    const badHint = await db.from('messages').select('id, profiles!nope(id)');
    expect(badHint.error?.code).toBe('PGRST200');
    const noColumn = await db.from('messages').select('id, nope');
    expect(noColumn.status).toBe(400);
    expect(noColumn.error).toMatchObject({ code: '42703', message: 'column messages.nope does not exist' });
    const noEmbedColumn = await db.from('messages').select('id, channels(nope)');
    expect(noEmbedColumn.error?.code).toBe('42703');
    const noTable = await db.from('nope').select();
    expect(noTable.status).toBe(404);
    expect(noTable.error).toMatchObject({ code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" });
    const notEmbedded = await db.from('messages').select('id').eq('channels.slug', 'general');
    expect(notEmbedded.error?.code).toBe('PGRST108');
    const toManyOrder = await db.from('channels').select('slug, messages(id)').order('messages(id)');
    expect(toManyOrder.error?.code).toBe('PGRST118');
  });
});
