// Writes and RPC through supabase-js: insert (single/bulk/columns/defaults), upsert (merge/ignore,
// on_conflict), update, delete, Prefer: return=…, single on writes, and functions of every shape.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

describe.each(testEngines)('rest writes and rpc on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('inserts with return=minimal by default and with representation on select()', async () => {
    const minimal = await db.from('labels').insert({ id: 100, name: 'minimal' });
    expect(minimal).toMatchObject({ status: 201, data: null, error: null });
    const rep = await db.from('labels').insert({ id: 101, name: 'rep' }).select('id, name').single();
    expect(rep.status).toBe(201);
    expect(rep.data).toEqual({ id: 101, name: 'rep' });
  });

  it('bulk inserts with columns=, fills missing keys with null or defaults, and embeds in the result', async () => {
    const bulk = await db.from('messages').insert([
      { body: 'bulk one', channel_id: 3, sender_id: '00000000-0000-0000-0000-00000000000a', status: 'sent' },
      { body: 'bulk two', channel_id: 3, sender_id: '00000000-0000-0000-0000-00000000000b' },
    ], { defaultToNull: false }).select('body, status, channels(slug)').order('body');
    expect(bulk.error).toBeNull();
    expect(bulk.data).toEqual([
      { body: 'bulk one', status: 'sent', channels: { slug: 'empty' } },
      { body: 'bulk two', status: 'sent', channels: { slug: 'empty' } },
    ]);
    const nulls = await db.from('labels').insert([{ id: 102, name: 'a' }, { id: 103 }]).select();
    expect(nulls.error?.code).toBe('23502');
    expect(nulls.status).toBe(400);
  });

  it('upserts with merge-duplicates (200 when only updates) and ignore-duplicates', async () => {
    const merged = await db.from('labels').upsert([{ id: 1, name: 'important!' }, { id: 104, name: 'new' }]).select().order('id');
    expect(merged.status).toBe(201);
    expect(merged.data).toEqual([{ id: 1, name: 'important!' }, { id: 104, name: 'new' }]);
    const updatedOnly = await db.from('labels').upsert({ id: 1, name: 'important' }).select();
    expect(updatedOnly.status).toBe(200);
    const ignored = await db.from('labels').upsert([{ id: 1, name: 'ignored' }, { id: 105, name: 'added' }], { ignoreDuplicates: true }).select();
    expect(ignored.data).toEqual([{ id: 105, name: 'added' }]);
    const byUnique = await db.from('profiles').upsert({ id: '00000000-0000-0000-0000-00000000000c', username: 'carol', full_name: 'Carol C' }, { onConflict: 'username' }).select('username, full_name').single();
    expect(byUnique.data).toEqual({ username: 'carol', full_name: 'Carol C' });
  });

  it('updates and deletes with filters, counts and representation', async () => {
    const minimal = await db.from('messages').update({ status: 'archived' }).eq('status', 'draft');
    expect(minimal.status).toBe(204);
    const rep = await db.from('messages').update({ status: 'sent' }).eq('status', 'archived').select('id, status');
    expect(rep.status).toBe(200);
    expect(rep.data).toEqual([{ id: 3, status: 'sent' }]);
    const counted = await db.from('labels').delete({ count: 'exact' }).in('id', [100, 101]);
    expect(counted.status).toBe(204);
    expect(counted.count).toBe(2);
    const deleted = await db.from('labels').delete().eq('id', 104).select().single();
    expect(deleted.data).toEqual({ id: 104, name: 'new' });
    const singleMiss = await db.from('labels').update({ name: 'x' }).gt('id', 0).select().single();
    expect(singleMiss.error?.code).toBe('PGRST116');
    const unchanged = await db.from('labels').select('name').eq('id', 1).single();
    expect(unchanged.data).toEqual({ name: 'important' });
  });

  it('refuses UPDATE/DELETE without filters and reports constraint violations', async () => {
    const noWhere = await db.from('labels').delete();
    expect(noWhere.status).toBe(400);
    expect(noWhere.error).toMatchObject({ code: '21000', message: 'DELETE requires a WHERE clause' });
    const duplicate = await db.from('labels').insert({ id: 1, name: 'dup' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    const missingParent = await db.from('messages').insert({ body: 'x', channel_id: 999, sender_id: '00000000-0000-0000-0000-00000000000a' });
    expect(missingParent.status).toBe(409);
    expect(missingParent.error?.code).toBe('23503');
    const check = await db.from('messages').insert({ body: '   ', channel_id: 1, sender_id: '00000000-0000-0000-0000-00000000000a' });
    expect(check.status).toBe(400);
    expect(check.error?.code).toBe('23514');
    const badType = await db.from('labels').insert({ id: 'not a number', name: 'x' });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    const unknownColumn = await db.from('labels').insert({ id: 200, nope: 1 });
    expect(unknownColumn.error).toMatchObject({ code: 'PGRST204', message: "Could not find the 'nope' column of 'labels' in the schema cache" });
  });

  it('calls functions returning scalars, rows, sets and tables over POST and GET', async () => {
    expect((await db.rpc('add_numbers', { a: 2, b: 3 })).data).toBe(5);
    expect((await db.rpc('add_numbers', { a: 2 })).data).toBe(3);
    expect((await db.rpc('add_numbers', { a: 7, b: 1 }, { get: true })).data).toBe(8);
    expect((await db.rpc('sum_array', { nums: [1, 2, 3] })).data).toBe(6);
    expect((await db.rpc('sum_array', { nums: [4, 5] }, { get: true })).data).toBe(9);
    expect((await db.rpc('echo', { any: ['json', 1] })).data).toEqual({ any: ['json', 1] });
    expect((await db.rpc('label_names')).data).toEqual(['important', 'later', 'unused', 'added']);
    const rows = await db.rpc('search_messages', { q: 'o' }).select('id, channels(slug)').eq('channel_id', 2).order('id', { ascending: false });
    expect(rows.data).toEqual([{ id: 4, channels: { slug: 'random' } }, { id: 3, channels: { slug: 'random' } }]);
    const table = await db.rpc('channel_counts').neq('slug', 'empty').gt('total', 1);
    expect(table.data).toEqual([{ slug: 'general', total: 2 }, { slug: 'random', total: 2 }]);
    const row = await db.rpc('first_profile').select('username');
    expect(row.data).toEqual({ username: 'alice' });
    const single = await db.rpc('search_messages', { q: 'hello' }).select('id').single();
    expect(single.data).toEqual({ id: 1 });
    const whoami = await db.rpc('whoami', {}, { get: true });
    expect(whoami.data).toEqual({ uid: null, role: 'service_role', method: 'GET' });
  });

  it('runs void functions (204), maps RAISE to 400 and refuses volatile functions over GET', async () => {
    const done = await db.rpc('bump_status', { message_id: 1, new_status: 'pinned' });
    expect(done.status).toBe(204);
    expect((await db.from('messages').select('status').eq('id', 1).single()).data).toEqual({ status: 'pinned' });
    const raised = await db.rpc('fail_with', { msg: 'nope' });
    expect(raised.status).toBe(400);
    expect(raised.error).toMatchObject({ code: 'P0001', message: 'nope', details: 'raised on purpose', hint: 'do not call' });
    const viaGet = await db.rpc('bump_status', { message_id: 1, new_status: 'x' }, { get: true });
    expect(viaGet.status).toBe(405);
    expect(viaGet.error?.code).toBe('25006');
    const missing = await db.rpc('does_not_exist', { a: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({ code: 'PGRST202', message: 'Could not find the function public.does_not_exist(a) in the schema cache' });
    const wrongArgs = await db.rpc('add_numbers', { x: 1 });
    expect(wrongArgs.error?.code).toBe('PGRST202');
  });
});
