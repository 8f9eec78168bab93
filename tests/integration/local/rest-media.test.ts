// Response media types as PostgREST 12/13 negotiates them: text/csv (supabase-js .csv()), EXPLAIN
// plans (.explain(), under pgrst.db_plan_enabled), application/geo+json without PostGIS, PGRST107.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw, setPgrstConfig } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest media types on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers text/csv with a header row and Postgres record quoting', async () => {
    const { data, error, status } = await db.from('messages').select('id, body, editor_id').order('id').csv();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('id,body,editor_id\n1,hello,2\n2,"hi all",\n3,"random thought",1\n4,lunch?,');
    const quoted = await raw(t, '/rest/v1/people?select=name,id&id=eq.1', { headers: { Accept: 'text/csv' } });
    expect(quoted.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(quoted.text).toBe('name,id\nAda,1');
    const empty = await raw(t, '/rest/v1/people?id=eq.999', { headers: { Accept: 'text/csv' } });
    expect(empty.status).toBe(200);
    expect(empty.text).toBe('\n');
    const written = await db.from('tasks').insert({ title: 'say "hi", then (go)' }).select('title').csv();
    expect(written.data).toBe('title\n"say ""hi"", then (go)"');
  });

  it('explains the query when db_plan_enabled is on, and answers 406 PGRST107 when it is off', async () => {
    const text = await db.from('messages').select('id').eq('channel_id', 1).explain();
    expect(text.error).toBeNull();
    expect(typeof text.data).toBe('string');
    expect(String(text.data)).toMatch(/Scan/);
    const json = await db.from('messages').select('id').explain({ format: 'json', analyze: true, verbose: true });
    expect(json.error).toBeNull();
    const plans = json.data as unknown as { Plan: { 'Actual Rows'?: number } }[];
    expect(plans[0]?.Plan['Actual Rows']).toBeDefined();
    const headers = await raw(t, '/rest/v1/messages?select=id', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="text/csv"; options=verbose|analyze' } });
    expect(headers.status).toBe(200);
    expect(headers.headers.get('content-type')).toBe('application/vnd.pgrst.plan+json; for="text/csv"; options=analyze|verbose; charset=utf-8');
    const rpc = await db.rpc('tasks_by_priority', { p: 1 }).explain();
    expect(rpc.error).toBeNull();
    const wal = await raw(t, '/rest/v1/messages', { headers: { Accept: 'application/vnd.pgrst.plan; options=wal' } });
    expect(wal.status).toBe(400);
    expect(wal.json).toMatchObject({ code: '22023' });

    await setPgrstConfig(t, 'pgrst.db_plan_enabled', 'false');
    try {
      const off = await raw(t, '/rest/v1/messages', { headers: { Accept: 'application/vnd.pgrst.plan+json; for="application/json"' } });
      expect(off.status).toBe(406);
      expect(off.json).toEqual({ code: 'PGRST107', details: null, hint: null, message: 'None of these media types are available: application/vnd.pgrst.plan+json; for="application/json"' });
    } finally {
      await setPgrstConfig(t, 'pgrst.db_plan_enabled', 'true');
    }
  });

  it('refuses geo+json without PostGIS as PostgREST does, and unknown types with PGRST107', async () => {
    const geo = await db.from('channels').select('*').geojson();
    expect(geo.status).toBe(404);
    expect(geo.error).toMatchObject({ code: '42883', message: 'function st_asgeojson(record) does not exist' });
    const unknown = await raw(t, '/rest/v1/channels', { headers: { Accept: 'unknown/unknown' } });
    expect(unknown.status).toBe(406);
    expect(unknown.json).toMatchObject({ code: 'PGRST107', message: 'None of these media types are available: unknown/unknown' });
    const single = await raw(t, '/rest/v1/channels', { headers: { Accept: 'application/vnd.pgrst.object+json' } });
    expect(single.status).toBe(406);
    expect(single.json).toMatchObject({ code: 'PGRST116', details: 'The result contains 3 rows' });
    const preferred = await raw(t, '/rest/v1/channels?select=id&id=eq.1', { headers: { Accept: 'text/csv;q=0.5, application/json' } });
    expect(preferred.json).toEqual([{ id: 1 }]);
  });
});
