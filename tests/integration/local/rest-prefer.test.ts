// Prefer headers as PostgREST 12/13 documents them (docs.postgrest.org "Prefer Header"): count on
// tables and RPC, missing=default, max-affected with handling=strict, tx=commit|rollback, return=.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw, setPgrstConfig } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest Prefer headers on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts exactly, by the planner, or estimated, on tables and with head', async () => {
    const exact = await db.from('messages').select('id', { count: 'exact' }).range(0, 1);
    expect(exact.status).toBe(206);
    expect(exact.count).toBe(4);
    expect(exact.data).toHaveLength(2);
    const head = await db.from('messages').select('*', { count: 'exact', head: true }).eq('channel_id', 1);
    expect(head.status).toBe(200);
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
    const planned = await db.from('messages').select('id', { count: 'planned' });
    expect(typeof planned.count).toBe('number');
    expect(planned.data).toHaveLength(4);
    const estimated = await db.from('messages').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(4);
  });

  it('counts the rows of a set-returning function', async () => {
    const counted = await db.rpc('tasks_by_priority', { p: 1 }, { count: 'exact' });
    expect(counted.count).toBe(2);
    expect(counted.data).toHaveLength(2);
    const head = await db.rpc('tasks_by_priority', { p: 1 }, { count: 'exact', head: true });
    expect(head.data).toBeNull();
    expect(head.count).toBe(2);
  });

  it('counts a scalar RPC result as one row', async () => {
    const counted = await db.rpc('plus', { a: 1, b: 2 }, { count: 'exact' });
    expect(counted).toMatchObject({ status: 200, data: 3, count: 1 });
    const viaGet = await db.rpc('plus', { a: 1, b: 2 }, { get: true, count: 'exact' });
    expect(viaGet).toMatchObject({ data: 3, count: 1 });
    const head = await db.rpc('plus', { a: 1, b: 2 }, { head: true, count: 'exact' });
    expect(head).toMatchObject({ status: 200, data: null, count: 1 });
    const uncounted = await raw(t, '/rest/v1/rpc/plus?a=1&b=2');
    expect(uncounted.headers.get('content-range')).toBe('0-0/*');
  });

  it('gives identity columns their default under missing=default, one sequence value per row', async () => {
    const { data, error } = await db.from('tasks').insert([{ title: 'i1' }, { id: 200, title: 'i2' }, { title: 'i3' }], { defaultToNull: false }).select('id, title');
    expect(error).toBeNull();
    const [first, second, third] = (data ?? []) as { id: number; title: string }[];
    expect(typeof first?.id).toBe('number');
    expect(second).toEqual({ id: 200, title: 'i2' });
    // PostgREST evaluates every default for every row (`jsonb_build_object(<defaults>) || row`).
    expect(third?.id).toBe((first?.id ?? 0) + 2);
    await db.from('tasks').delete().in('title', ['i1', 'i2', 'i3']);
  });

  it('fills absent keys of a bulk insert or upsert with column defaults under missing=default', async () => {
    const nulls = await db.from('tasks').insert([{ title: 'a' }, { title: 'b', priority: 1 }]);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    const { data, error, status } = await db.from('tasks').insert([{ title: 'a' }, { title: 'b', priority: 1 }], { defaultToNull: false }).select('title, done, priority');
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toEqual([{ title: 'a', done: false, priority: 3 }, { title: 'b', done: false, priority: 1 }]);
    const upsert = await db.from('tasks').upsert([{ id: 100, title: 'u1' }, { id: 101, title: 'u2', done: true }], { defaultToNull: false }).select('id, done, priority');
    expect(upsert.error).toBeNull();
    expect(upsert.data).toEqual([{ id: 100, done: false, priority: 3 }, { id: 101, done: true, priority: 3 }]);
  });

  it('refuses with PGRST124 and changes nothing when max-affected is exceeded under handling=strict', async () => {
    // What supabase-js's maxAffected(n) sends (its types only offer it to clients declared for PostgREST 13).
    const strict = (n: number): Record<string, string> => ({ 'Content-Type': 'application/json', Prefer: `handling=strict, max-affected=${n}` });
    const over = await raw(t, '/rest/v1/tasks?priority=eq.1', { method: 'PATCH', headers: strict(1), body: JSON.stringify({ done: true }) });
    expect(over.status).toBe(400);
    expect(over.json).toEqual({ code: 'PGRST124', message: 'Query result exceeds max-affected preference constraint', details: expect.stringMatching(/^The query affects \d+ rows$/), hint: null });
    const still = await db.from('tasks').select('done').eq('priority', 1);
    expect(still.data?.every((row) => row.done === false)).toBe(true);
    const within = await raw(t, '/rest/v1/tasks?id=eq.100', { method: 'DELETE', headers: strict(1) });
    expect(within.status).toBe(204);
    const lenient = await raw(t, '/rest/v1/tasks?id=eq.101', { method: 'DELETE', headers: { Prefer: 'max-affected=0' } });
    expect(lenient.status).toBe(204);
    const scalar = await raw(t, '/rest/v1/rpc/plus', { method: 'POST', headers: strict(1), body: JSON.stringify({ a: 1, b: 2 }) });
    expect(scalar.status).toBe(400);
    expect(scalar.json).toEqual({ code: 'PGRST128', message: 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict', details: null, hint: null });
    const setof = await raw(t, '/rest/v1/rpc/tasks_by_priority', { method: 'POST', headers: strict(1), body: JSON.stringify({ p: 1 }) });
    expect((setof.json as { code: string }).code).toBe('PGRST124');
  });

  it('rolls back with tx=rollback when the project allows the override, and says so', async () => {
    const dry = await raw(t, '/rest/v1/tasks?select=title', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Prefer: 'return=representation, tx=rollback' },
      body: JSON.stringify({ title: 'dry run' }),
    });
    expect(dry.status).toBe(201);
    expect(dry.json).toEqual([{ title: 'dry run' }]);
    expect(dry.headers.get('preference-applied')).toContain('tx=rollback');
    expect((await db.from('tasks').select('id').eq('title', 'dry run')).data).toEqual([]);
    const viaClient = await db.from('tasks').insert({ title: 'dry 2' }).select('title').rollback();
    expect(viaClient.data).toEqual([{ title: 'dry 2' }]);
    expect((await db.from('tasks').select('id').eq('title', 'dry 2')).data).toEqual([]);
    const commit = await raw(t, '/rest/v1/tasks', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'tx=commit' }, body: JSON.stringify({ title: 'kept' }) });
    expect(commit.status).toBe(201);
    expect((await db.from('tasks').select('id').eq('title', 'kept')).data).toHaveLength(1);
  });

  it('ignores tx= (or refuses it under handling=strict) when db_tx_end does not allow overrides', async () => {
    await setPgrstConfig(t, 'pgrst.db_tx_end', 'commit');
    try {
      const ignored = await raw(t, '/rest/v1/tasks', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'tx=rollback' }, body: JSON.stringify({ title: 'not dry' }) });
      expect(ignored.status).toBe(201);
      expect(ignored.headers.get('preference-applied') ?? '').not.toContain('tx=');
      expect((await db.from('tasks').select('id').eq('title', 'not dry')).data).toHaveLength(1);
      const strict = await raw(t, '/rest/v1/tasks', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, tx=rollback' }, body: JSON.stringify({ title: 'x' }) });
      expect(strict.status).toBe(400);
      expect(strict.json).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: tx=rollback', hint: null });
    } finally {
      await setPgrstConfig(t, 'pgrst.db_tx_end', 'commit-allow-override');
    }
  });

  it('answers return=minimal, representation and headers-only with PostgREST statuses', async () => {
    const minimal = await raw(t, '/rest/v1/tasks', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'return=minimal' }, body: JSON.stringify({ id: 200, title: 'm' }) });
    expect(minimal.status).toBe(201);
    expect(minimal.text).toBe('');
    const headersOnly = await raw(t, '/rest/v1/tasks', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' }, body: JSON.stringify({ id: 201, title: 'h' }) });
    expect(headersOnly.status).toBe(201);
    expect(headersOnly.text).toBe('');
    expect(headersOnly.headers.get('location')).toBe('/tasks?id=eq.201');
    const patch = await raw(t, '/rest/v1/tasks?id=eq.200', { method: 'PATCH', headers: { 'Content-Type': 'application/json', Prefer: 'return=representation' }, body: JSON.stringify({ title: 'm2' }) });
    expect(patch.status).toBe(200);
    expect(patch.json).toEqual([{ id: 200, title: 'm2', done: false, priority: 3 }]);
    const patchMinimal = await raw(t, '/rest/v1/tasks?id=eq.200', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ title: 'm3' }) });
    expect(patchMinimal.status).toBe(204);
  });
});
