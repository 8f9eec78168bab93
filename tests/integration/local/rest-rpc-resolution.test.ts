// RPC resolution as PostgREST 14 does it (docs.postgrest.org "Functions as RPC", Error.hs):
// overloads chosen by argument names, single unnamed json/text/bytea parameters, defaults,
// polymorphic and variadic functions, GET with query parameters, PGRST202/PGRST203 bodies.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest rpc resolution on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('chooses an overload by the argument names', async () => {
    expect((await db.rpc('plus', { a: 1, b: 2 })).data).toBe(3);
    expect((await db.rpc('plus', { a: 1, b: 2, c: 3 })).data).toBe(6);
    expect((await db.rpc('plus', { x: 'q' })).data).toBe('q+');
  });

  it('answers 404 PGRST202 with the closest overload as the hint', async () => {
    const { error, status } = await db.rpc('plus', { a: 1, bb: 2 });
    expect(status).toBe(404);
    expect(error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.plus(a, bb) in the schema cache',
      details: 'Searched for the function public.plus with parameters a, bb or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.plus(a, b)',
    });
  });

  it('suggests a function of a similar name, and none when nothing is close', async () => {
    const near = await db.rpc('pluss', { a: 1 });
    expect(near.status).toBe(404);
    expect(near.error?.message).toBe('Could not find the function public.pluss(a) in the schema cache');
    expect(near.error?.details).toBe('Searched for the function public.pluss with parameter a or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
    expect(near.error?.hint).toBe('Perhaps you meant to call the function public.plus');
    const far = await db.rpc('zzzzzz');
    expect(far.error?.message).toBe('Could not find the function public.zzzzzz without parameters in the schema cache');
    expect(far.error?.details).toBe('Searched for the function public.zzzzzz without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.');
    expect(far.error?.hint).toBeNull();
  });

  it('answers 300 PGRST203 when overloads differ only by type', async () => {
    const { error, status } = await db.rpc('twin', { v: 1 });
    expect(status).toBe(300);
    expect(error).toEqual({
      code: 'PGRST203',
      message: 'Could not choose the best candidate function between: public.twin(v => integer), public.twin(v => text)',
      details: null,
      hint: 'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    });
  });

  it('lists the candidates of PGRST203 in a fixed order, whatever the order of creation', async () => {
    const { error, status } = await db.rpc('twin_late', { v: 1 });
    expect(status).toBe(300);
    expect(error?.message).toBe('Could not choose the best candidate function between: public.twin_late(v => integer), public.twin_late(v => text)');
  });

  it('passes {"": value} whole to the one unnamed parameter that can take a body', async () => {
    // f(boolean) and f(int) are not callable, so the text overload takes the body as text.
    expect(await db.rpc('unnamed_pick', { '': 'hi' })).toMatchObject({ status: 200, data: 'text: {"":"hi"}' });
    expect((await db.rpc('unnamed_pick', { '': true })).data).toBe('text: {"":true}');
    expect((await db.rpc('unnamed_jsonb', { '': { a: 1 } })).data).toEqual({ '': { a: 1 } });
    const ambiguous = await db.rpc('unnamed_default');
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.message).toBe('Could not choose the best candidate function between: public.unnamed_default(), public.unnamed_default( => text)');
    expect((await db.rpc('unnamed_default', { '': 'y' })).data).toBe('text');
  });

  it('answers 404 PGRST202 for functions whose unnamed parameter cannot take a body, and for computed fields', async () => {
    const unnamedInt = await db.rpc('unnamed_int', { '': 1 });
    expect(unnamedInt.status).toBe(404);
    expect(unnamedInt.error).toMatchObject({
      code: 'PGRST202',
      message: 'Could not find the function public.unnamed_int() in the schema cache',
      details: 'Searched for the function public.unnamed_int with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
    });
    const computed = await db.rpc('body_length');
    expect(computed.status).toBe(404);
    expect(computed.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.body_length without parameters in the schema cache',
      details: 'Searched for the function public.body_length without parameters or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('fills parameters with defaults', async () => {
    expect((await db.rpc('greet', { name: 'Ann' })).data).toBe('Hello, Ann');
    expect((await db.rpc('greet', { name: 'Ann', greeting: 'Hi' })).data).toBe('Hi, Ann');
    expect((await db.rpc('greet', { greeting: 'Hi' })).error?.code).toBe('PGRST202');
  });

  it('passes the whole body to a single unnamed json, text or bytea parameter', async () => {
    expect((await db.rpc('echo_json', { any: ['thing', 1] })).data).toEqual({ any: ['thing', 1] });
    const text = await raw(t, '/rest/v1/rpc/echo_text', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hi there' });
    expect(text.status).toBe(200);
    expect(text.json).toBe('got: hi there');
    const bytes = await raw(t, '/rest/v1/rpc/echo_bytes', { method: 'POST', headers: { 'Content-Type': 'application/octet-stream' }, body: new Uint8Array([0, 1, 2, 255]) });
    expect(bytes.status).toBe(200);
    expect(bytes.json).toBe(4);
    const noText = await raw(t, '/rest/v1/rpc/plus', { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'x' });
    expect(noText.status).toBe(404);
    expect(noText.json).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.plus in the schema cache',
      details: 'Searched for the function public.plus with a single unnamed text parameter, but no matches were found in the schema cache.',
      hint: null,
    });
  });

  it('calls polymorphic and variadic functions', async () => {
    expect((await db.rpc('pick', { a: 'x', b: 'y' })).data).toBe('x');
    expect((await db.rpc('pick', { a: null, b: 'y' })).data).toBe('y');
    expect((await db.rpc('total', { nums: [1, 2, 3] })).data).toBe(6);
    const repeated = await raw(t, '/rest/v1/rpc/total?nums=1&nums=2&nums=4');
    expect(repeated.json).toBe(7);
    expect((await db.rpc('total', { nums: [5, 6] }, { get: true })).data).toBe(11);
  });

  it('calls with GET query parameters, filters set-returning results and refuses writes', async () => {
    expect((await db.rpc('plus', { a: 2, b: 5 }, { get: true })).data).toBe(7);
    expect((await db.rpc('no_args', {}, { get: true })).data).toBe('none');
    const filtered = await db.rpc('tasks_by_priority', { p: 1 }, { get: true }).eq('title', 'test').select('title');
    expect(filtered.data).toEqual([{ title: 'test' }]);
    const write = await db.rpc('add_task', { title: 'nope' }, { get: true });
    expect(write.status).toBe(405);
    expect(write.error?.code).toBe('25006');
    expect(write.error?.message).toBe('cannot execute INSERT in a read-only transaction');
  });

  it('uses extra_search_path inside functions', async () => {
    expect((await db.rpc('shout_it', { t: 'hey' })).data).toBe('HEY!');
  });

  it('keeps PostgREST codes for malformed calls and never answers 5xx', async () => {
    const badType = await db.rpc('plus', { a: 'x', b: 1 });
    expect(badType.status).toBe(400);
    expect(badType.error?.code).toBe('22P02');
    expect(badType.error?.message).toBe('invalid input syntax for type integer: "x"');
    const badJson = await raw(t, '/rest/v1/rpc/plus', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"a":' });
    expect(badJson.status).toBe(400);
    expect((badJson.json as { code: string }).code).toBe('PGRST102');
    const strict = await raw(t, '/rest/v1/rpc/no_args', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'handling=strict, foo, bar=baz' }, body: '{}' });
    expect(strict.status).toBe(400);
    expect(strict.json).toEqual({ code: 'PGRST122', message: 'Invalid preferences given with handling=strict', details: 'Invalid preferences: foo, bar=baz', hint: null });
    const lenient = await raw(t, '/rest/v1/rpc/no_args', { method: 'POST', headers: { 'Content-Type': 'application/json', Prefer: 'foo' }, body: '{}' });
    expect(lenient.status).toBe(200);
    const method = await raw(t, '/rest/v1/rpc/no_args', { method: 'PATCH', headers: { 'Content-Type': 'application/json' }, body: '{}' });
    expect(method.status).toBe(405);
    expect((method.json as { code: string }).code).toBe('PGRST101');
    expect((method.json as { message: string }).message).toBe('Cannot use the PATCH method on RPC');
  });
});
