// Reads through supabase-js: columns, casts, JSON paths, every filter operator, logic trees,
// order, paging, counts and single/maybeSingle — on PGlite and (if configured) native Postgres.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

describe.each(testEngines)('rest select on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  const ids = async (query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>): Promise<number[]> => {
    const { data, error } = await query;
    expect(error).toBeNull();
    return (data ?? []).map((row) => row.id);
  };

  it('selects columns, aliases, casts and JSON paths with PostgREST value formatting', async () => {
    const { data, error } = await db
      .from('messages')
      .select('id, text:body, score, score_text:score::text, lang:data->>lang, len:data->meta->len, created_at')
      .eq('id', 1)
      .single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1, text: 'hello world', score: 1.5, score_text: '1.50', lang: 'en', len: 11, created_at: '2026-01-01T10:00:00+00:00' });
  });

  it('selects * with arrays, json and nulls', async () => {
    const { data } = await db.from('messages').select('*').eq('id', 3).single();
    expect(data).toMatchObject({ id: 3, tags: [], data: null, score: null, receiver_id: null, status: 'draft' });
  });

  it('supports every comparison operator', async () => {
    expect(await ids(db.from('messages').select('id').eq('status', 'sent').order('id'))).toEqual([1, 4]);
    expect(await ids(db.from('messages').select('id').neq('status', 'sent').order('id'))).toEqual([2, 3]);
    expect(await ids(db.from('messages').select('id').gt('id', 2).order('id'))).toEqual([3, 4]);
    expect(await ids(db.from('messages').select('id').gte('id', 2).order('id'))).toEqual([2, 3, 4]);
    expect(await ids(db.from('messages').select('id').lt('id', 2).order('id'))).toEqual([1]);
    expect(await ids(db.from('messages').select('id').lte('id', 2).order('id'))).toEqual([1, 2]);
    expect(await ids(db.from('messages').select('id').like('body', '%world%'))).toEqual([1]);
    expect(await ids(db.from('messages').select('id').like('body', '*world*'))).toEqual([1]);
    expect(await ids(db.from('messages').select('id').ilike('body', 'HI%'))).toEqual([2]);
    expect(await ids(db.from('messages').select('id').filter('body', 'match', '^b.*de$'))).toEqual([4]);
    expect(await ids(db.from('messages').select('id').filter('body', 'imatch', '^HELLO'))).toEqual([1]);
    expect(await ids(db.from('messages').select('id').in('status', ['read', 'draft']).order('id'))).toEqual([2, 3]);
    expect(await ids(db.from('messages').select('id').in('body', ['Hi Bob, how are you?', 'x']))).toEqual([2]);
    expect(await ids(db.from('messages').select('id').in('id', []))).toEqual([]);
    expect(await ids(db.from('messages').select('id').is('receiver_id', null))).toEqual([3]);
    expect(await ids(db.from('messages').select('id').not('receiver_id', 'is', null).order('id'))).toEqual([1, 2, 4]);
    expect(await ids(db.from('messages').select('id').filter('score', 'isdistinct', '1.5').order('id'))).toEqual([2, 3, 4]);
    expect(await ids(db.from('messages').select('id').match({ status: 'sent', channel_id: 2 }))).toEqual([4]);
    expect(await ids(db.from('messages').select('id').not('status', 'in', '(sent,read)'))).toEqual([3]);
  });

  it('supports like/eq with any/all modifiers', async () => {
    expect(await ids(db.from('messages').select('id').likeAnyOf('body', ['hello*', 'bonjour*']).order('id'))).toEqual([1, 4]);
    expect(await ids(db.from('messages').select('id').likeAllOf('body', ['*o*', '*w*']).order('id'))).toEqual([1, 2]);
    expect(await ids(db.from('messages').select('id').filter('id', 'eq(any)', '{1,3}').order('id'))).toEqual([1, 3]);
  });

  it('supports array, json and range operators', async () => {
    expect(await ids(db.from('messages').select('id').contains('tags', ['greeting', 'en']))).toEqual([1]);
    expect(await ids(db.from('messages').select('id').containedBy('tags', ['greeting', 'fr', 'en']).order('id'))).toEqual([1, 2, 3, 4]);
    expect(await ids(db.from('messages').select('id').overlaps('tags', ['fr', 'xx']))).toEqual([4]);
    expect(await ids(db.from('messages').select('id').contains('data', { lang: 'fr' }))).toEqual([4]);
    expect(await ids(db.from('events').select('id').rangeLt('during', '[6,7)'))).toEqual([1]);
    expect(await ids(db.from('events').select('id').rangeGt('during', '[6,7)'))).toEqual([2]);
    expect(await ids(db.from('events').select('id').rangeGte('during', '[4,5)').order('id'))).toEqual([2, 3]);
    expect(await ids(db.from('events').select('id').rangeLte('during', '[4,5)'))).toEqual([1]);
    expect(await ids(db.from('events').select('id').rangeAdjacent('during', '[5,10)').order('id'))).toEqual([1, 2]);
    expect(await ids(db.from('events').select('id').overlaps('during', '[3,4]').order('id'))).toEqual([1, 3]);
    expect(await ids(db.from('events').select('id').contains('during', '[11,12)').order('id'))).toEqual([2, 3]);
  });

  it('supports full-text search operators with and without a config', async () => {
    expect(await ids(db.from('events').select('id').textSearch('doc', 'fox').order('id'))).toEqual([1, 3]);
    expect(await ids(db.from('events').select('id').textSearch('doc', 'fox & dog', { config: 'english' }))).toEqual([3]);
    expect(await ids(db.from('events').select('id').textSearch('doc', 'lazy dogs', { type: 'plain', config: 'english' }))).toEqual([2]);
    expect(await ids(db.from('events').select('id').textSearch('doc', 'quick brown', { type: 'phrase', config: 'english' }))).toEqual([1]);
    expect(await ids(db.from('events').select('id').textSearch('doc', '"lazy dogs" or quick', { type: 'websearch', config: 'english' }).order('id'))).toEqual([1, 2]);
  });

  it('supports or/and/not trees, nesting and quoted values', async () => {
    expect(await ids(db.from('messages').select('id').or('status.eq.draft,id.eq.1').order('id'))).toEqual([1, 3]);
    expect(await ids(db.from('messages').select('id').or('body.ilike.*hi*,and(id.gt.3,status.eq.sent)').order('id'))).toEqual([2, 4]);
    expect(await ids(db.from('messages').select('id').or('body.eq."Hi Bob, how are you?",body.eq."random thoughts (draft)"').order('id'))).toEqual([2, 3]);
    expect(await ids(db.from('messages').select('id').not('id', 'eq', 1).or('status.in.(sent,"read")').order('id'))).toEqual([2, 4]);
    expect(await ids(db.from('messages').select('id').not('id', 'in', '(1,2)').order('id'))).toEqual([3, 4]);
    const { data, error } = await db.from('messages').select('id').or('and(status.eq.sent,not.or(id.eq.1,id.eq.2)),id.eq.3').order('id');
    expect(error).toBeNull();
    expect(data?.map((r) => r.id)).toEqual([3, 4]);
  });

  it('orders with direction and null placement, and by a to-one embed', async () => {
    expect(await ids(db.from('messages').select('id').order('score', { ascending: false, nullsFirst: false }))).toEqual([4, 2, 1, 3]);
    expect(await ids(db.from('messages').select('id').order('score', { ascending: true, nullsFirst: true }))).toEqual([3, 1, 2, 4]);
    expect(await ids(db.from('messages').select('id').order('status').order('id', { ascending: false }))).toEqual([3, 2, 4, 1]);
    const { data, error } = await db.from('messages').select('id, channels(slug)').order('channels(slug)', { ascending: false }).order('id');
    expect(error).toBeNull();
    expect(data?.map((r) => r.id)).toEqual([3, 4, 1, 2]);
  });

  it('pages with range/limit and reports counts in Content-Range', async () => {
    expect(await ids(db.from('messages').select('id').order('id').range(1, 2))).toEqual([2, 3]);
    expect(await ids(db.from('messages').select('id').order('id').limit(1))).toEqual([1]);
    const exact = await db.from('messages').select('id', { count: 'exact' }).order('id').range(0, 1);
    expect(exact.count).toBe(4);
    expect(exact.status).toBe(206);
    const all = await db.from('messages').select('id', { count: 'exact' });
    expect(all.status).toBe(200);
    expect(all.count).toBe(4);
    const head = await db.from('messages').select('*', { count: 'planned', head: true }).eq('status', 'sent');
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const response = await fetch(`${t.url}/rest/v1/messages?select=id&order=id&offset=1&limit=2`, { headers: { apikey: t.server.keys.anonKey, Prefer: 'count=exact' } });
    expect(response.headers.get('content-range')).toBe('1-2/4');
    const ranged = await fetch(`${t.url}/rest/v1/messages?select=id&order=id`, { headers: { apikey: t.server.keys.anonKey, Range: '2-3' } });
    expect(await ranged.json()).toEqual([{ id: 3 }, { id: 4 }]);
    const tooFar = await db.from('messages').select('id', { count: 'exact' }).range(10, 20);
    expect(tooFar.status).toBe(416);
    expect(tooFar.error?.code).toBe('PGRST103');
  });

  it('implements single() and maybeSingle()', async () => {
    const one = await db.from('profiles').select('username').eq('username', 'bob').single();
    expect(one.data).toEqual({ username: 'bob' });
    const none = await db.from('profiles').select('username').eq('username', 'nobody').single();
    expect(none.status).toBe(406);
    expect(none.error).toMatchObject({ code: 'PGRST116', details: 'The result contains 0 rows', message: 'Cannot coerce the result to a single JSON object' });
    const many = await db.from('profiles').select('username').single();
    expect(many.error?.code).toBe('PGRST116');
    const maybeNone = await db.from('profiles').select('username').eq('username', 'nobody').maybeSingle();
    expect(maybeNone).toMatchObject({ data: null, error: null });
    const maybeOne = await db.from('profiles').select('username').eq('username', 'carol').maybeSingle();
    expect(maybeOne.data).toEqual({ username: 'carol' });
  });

  it('strips nulls when asked', async () => {
    const { data } = await db.from('profiles').select('username, full_name, age').eq('username', 'carol').stripNulls();
    expect(data).toEqual([{ username: 'carol' }]);
  });

  it('answers HEAD with headers only and decodes + as space', async () => {
    const head = await fetch(`${t.url}/rest/v1/messages?select=id&status=eq.sent`, { method: 'HEAD', headers: { apikey: t.server.keys.anonKey, Prefer: 'count=exact' } });
    expect(head.status).toBe(200);
    expect(head.headers.get('content-range')).toBe('0-1/2');
    expect(await head.text()).toBe('');
    const plus = await fetch(`${t.url}/rest/v1/messages?select=id&body=eq.hello+world`, { headers: { apikey: t.server.keys.anonKey } });
    expect(await plus.json()).toEqual([{ id: 1 }]);
  });
});
