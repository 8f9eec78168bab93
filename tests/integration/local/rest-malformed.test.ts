// Malformed requests answered with PostgREST 12/13's status and error code (docs.postgrest.org
// "Errors"; PostgREST's Error.hs), never a 5xx. Table-driven; rest-bad-input.test.ts checks the wider
// "never a 5xx" property on another fixture.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

interface Case {
  label: string;
  path: string;
  method?: string;
  headers?: Record<string, string>;
  body?: string;
  status: number;
  code: string;
  /** expected message (exact) when the text is PostgREST's own */
  message?: string;
  details?: string;
}

const json = { 'Content-Type': 'application/json' };
const upsert = { ...json, Prefer: 'resolution=merge-duplicates' };

const cases: Case[] = [
  // select
  { label: 'unclosed embed', path: '/messages?select=id,(', status: 400, code: 'PGRST100' },
  { label: 'empty select item', path: '/messages?select=id,,body', status: 400, code: 'PGRST100' },
  { label: 'bad cast', path: '/messages?select=id::bad-type', status: 400, code: 'PGRST100' },
  { label: 'unterminated quote', path: '/messages?select="id', status: 400, code: 'PGRST100' },
  { label: 'unknown aggregate', path: '/messages?select=stars.median()', status: 400, code: 'PGRST100' },
  { label: 'unclosed aggregate', path: '/messages?select=stars.sum(', status: 400, code: 'PGRST100' },
  { label: 'aggregate of text', path: '/messages?select=body.sum()', status: 404, code: '42883' },
  { label: 'unknown column', path: '/messages?select=nope', status: 400, code: '42703', message: 'column messages.nope does not exist' },
  { label: 'unknown embed', path: '/messages?select=id,nope(*)', status: 400, code: 'PGRST200', message: "Could not find a relationship between 'messages' and 'nope' in the schema cache" },
  // filters
  { label: 'unknown operator', path: '/messages?id=eqx.1', status: 400, code: 'PGRST100' },
  { label: 'operator without value', path: '/messages?id=eq', status: 400, code: 'PGRST100' },
  { label: 'broken or tree', path: '/messages?or=(id.eq.1', status: 400, code: 'PGRST100' },
  { label: 'or without parentheses', path: '/messages?or=id.eq.1', status: 400, code: 'PGRST100' },
  { label: 'unknown operator in or', path: '/messages?or=(id.xx.1)', status: 400, code: 'PGRST100' },
  { label: 'bad in list', path: '/messages?id=in.(1', status: 400, code: 'PGRST100' },
  { label: 'bad is value', path: '/messages?id=is.maybe', status: 400, code: 'PGRST100' },
  { label: 'text on an int column', path: '/messages?id=eq.abc', status: 400, code: '22P02', message: 'invalid input syntax for type integer: "abc"' },
  { label: 'text in an int in list', path: '/messages?id=in.(1,abc)', status: 400, code: '22P02' },
  { label: 'filter on unknown column', path: '/messages?nope=eq.1', status: 400, code: '42703' },
  { label: 'eq on an embed', path: '/channels?select=slug,messages(id)&messages=eq.1', status: 400, code: 'PGRST120', message: "Bad operator on the 'messages' embedded resource", details: 'Only is null or not is null filters are allowed on embedded resources' },
  { label: 'filter on a resource not embedded', path: '/channels?select=slug&messages.id=eq.1', status: 400, code: 'PGRST108', message: "'messages' is not an embedded resource in this request" },
  // order, limit, offset, Range
  { label: 'bad order direction', path: '/messages?order=id.sideways', status: 400, code: 'PGRST100' },
  { label: 'bad nulls option', path: '/messages?order=id.asc.nullsmiddle', status: 400, code: 'PGRST100' },
  { label: 'order by unknown column', path: '/messages?order=nope', status: 400, code: '42703' },
  { label: 'order by a to-many relation', path: '/channels?select=slug,messages(id)&order=messages(id)', status: 400, code: 'PGRST118' },
  { label: 'non-numeric limit', path: '/messages?limit=abc', status: 400, code: 'PGRST100' },
  { label: 'fractional limit', path: '/messages?limit=1.5', status: 400, code: 'PGRST100' },
  { label: 'negative limit', path: '/messages?limit=-1', status: 416, code: 'PGRST103', message: 'Requested range not satisfiable', details: 'Limit should be greater than or equal to zero.' },
  { label: 'non-numeric offset', path: '/messages?offset=x', status: 400, code: 'PGRST100' },
  { label: 'inverted Range', path: '/messages', headers: { Range: '3-1' }, status: 416, code: 'PGRST103', details: 'The lower boundary must be lower than or equal to the upper boundary in the Range header.' },
  { label: 'offset past the end', path: '/messages?offset=10', headers: { Prefer: 'count=exact' }, status: 416, code: 'PGRST103', details: 'An offset of 10 was requested, but there are only 4 rows.' },
  // tables, bodies, columns, on_conflict
  { label: 'unknown table', path: '/nope', status: 404, code: 'PGRST205', message: "Could not find the table 'public.nope' in the schema cache" },
  { label: 'unknown table delete', method: 'DELETE', path: '/nope?id=eq.1', status: 404, code: 'PGRST205' },
  { label: 'invalid json', method: 'POST', path: '/tasks', headers: json, body: '{"title":', status: 400, code: 'PGRST102', message: 'Empty or invalid json' },
  { label: 'empty body', method: 'POST', path: '/tasks', headers: json, body: '', status: 400, code: 'PGRST102', message: 'Empty or invalid json' },
  { label: 'array of scalars', method: 'POST', path: '/tasks', headers: json, body: '[1,2]', status: 400, code: 'PGRST102' },
  { label: 'mismatched keys', method: 'POST', path: '/tasks', headers: json, body: '[{"title":"a"},{"done":true}]', status: 400, code: 'PGRST102', message: 'All object keys must match' },
  { label: 'patch invalid json', method: 'PATCH', path: '/tasks?id=eq.1', headers: json, body: '{title', status: 400, code: 'PGRST102' },
  { label: 'unknown body column', method: 'POST', path: '/tasks', headers: json, body: '{"title":"a","nope":1}', status: 400, code: 'PGRST204', message: "Could not find the 'nope' column of 'tasks' in the schema cache" },
  { label: 'unknown column in columns=', method: 'POST', path: '/tasks?columns=title,nope', headers: json, body: '[{"title":"a"}]', status: 400, code: 'PGRST204' },
  { label: 'empty columns=', method: 'POST', path: '/tasks?columns=', headers: json, body: '[{"title":"a"}]', status: 400, code: 'PGRST100' },
  { label: 'wrong type in body', method: 'POST', path: '/tasks', headers: json, body: '{"title":"a","priority":"high"}', status: 400, code: '22P02' },
  { label: 'on_conflict unknown column', method: 'POST', path: '/tasks?on_conflict=nope', headers: upsert, body: '{"id":1,"title":"a"}', status: 400, code: '42703' },
  { label: 'on_conflict without unique constraint', method: 'POST', path: '/tasks?on_conflict=title', headers: upsert, body: '{"id":1,"title":"a"}', status: 400, code: '42P10' },
  { label: 'patch without filter', method: 'PATCH', path: '/tasks', headers: json, body: '{"done":true}', status: 400, code: '21000' },
  // headers
  { label: 'invalid Prefer under handling=strict', path: '/messages', headers: { Prefer: 'handling=strict, return=bogus' }, status: 400, code: 'PGRST122', details: 'Invalid preferences: return=bogus' },
  { label: 'unknown Accept', path: '/messages', headers: { Accept: 'image/png' }, status: 406, code: 'PGRST107', message: 'None of these media types are available: image/png' },
  { label: 'unexposed schema', path: '/messages', headers: { 'Accept-Profile': 'hidden' }, status: 406, code: 'PGRST106', message: 'Invalid schema: hidden' },
  // rpc
  { label: 'unknown function', method: 'POST', path: '/rpc/nope', headers: json, body: '{}', status: 404, code: 'PGRST202' },
  { label: 'rpc invalid json', method: 'POST', path: '/rpc/plus', headers: json, body: '{"a":', status: 400, code: 'PGRST102' },
  { label: 'rpc wrong method', method: 'PATCH', path: '/rpc/plus', headers: json, body: '{}', status: 405, code: 'PGRST101' },
];

describe.each(testEngines)('rest malformed requests on %s', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers each with PostgREST's status and code", async () => {
    const failures: string[] = [];
    for (const c of cases) {
      const response = await raw(t, `/rest/v1${c.path}`, { method: c.method ?? 'GET', headers: c.headers ?? {}, ...(c.body !== undefined && { body: c.body }) });
      const body = response.json as { code?: string; message?: string; details?: unknown } | undefined;
      const problems: string[] = [];
      if (response.status !== c.status) problems.push(`status ${response.status}`);
      if (body?.code !== c.code) problems.push(`code ${body?.code}`);
      if (c.message !== undefined && body?.message !== c.message) problems.push(`message ${body?.message}`);
      if (c.details !== undefined && body?.details !== c.details) problems.push(`details ${String(body?.details)}`);
      if (problems.length > 0) failures.push(`${c.label}: ${problems.join(', ')} (${response.text.slice(0, 160)})`);
    }
    expect(failures).toEqual([]);
    // Nothing above changed data, and the server still answers.
    const tasks = await raw(t, '/rest/v1/tasks?select=id');
    expect(tasks.json).toHaveLength(3);
  });
});
