// Malformed requests of every kind get a 4xx JSON error (never a 500, never a hang), and the
// server keeps serving afterwards.
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signAccessToken } from '../../../supabase/local/src/keys.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const fixture = fileURLToPath(new URL('../../fixtures/rest-embed', import.meta.url));

interface BadRequest {
  label: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

/** Query strings that are wrong for any table with an `id` column. */
const badQueries = [
  'id=eqx.1', 'id=eq', 'id=.1', 'id=in.1,2', 'id=in.(1', 'id=in.("a)', 'id=is.maybe', 'id=not.', 'id=eq(some).1',
  'id=eq.abc', 'id=gt.1.5.x', 'id=cs.{1', 'id=like(any).{a', 'nope=eq.1', 'id->x=eq.1', 'id=fts(nolang).a',
  'or=1', 'or=(id.eq.1', 'or=()', 'or=(id.xx.1)', 'or=(id)', 'or=(and(id.eq.1)', 'and=(id.eq.a)', 'not.or=x',
  'limit=-1', 'limit=abc', 'offset=x', 'limit=1.5', 'order=id.sideways', 'order=nope', 'order=id.asc.nullsmiddle', 'order=(id',
  'select=id,(', 'select=a:', 'select=id::bad-type', 'select=id,,id', 'select=count()', 'select=id.sum()', 'select=nope',
  'select=id,nope(*)', 'select=id,profiles!(id)', 'select=id,!inner(id)', 'select="unterminated', 'select=id->', 'select=:id',
  'select=id&nope.limit=1', 'select=id&x.order=id', 'select=id&x.or=(id.eq.1)', 'select=...nope(id)', 'select=id&id=eq.1&on.x=eq.1',
];

function buildCases(keys: { anonKey: string; serviceRoleKey: string }, tokens: Record<string, string>): BadRequest[] {
  const cases: BadRequest[] = [];
  for (const table of ['messages', 'labels']) {
    for (const query of badQueries) cases.push({ label: `${table}?${query}`, path: `/rest/v1/${table}?${query}` });
  }
  const json = { 'Content-Type': 'application/json' };
  cases.push(
    { label: 'unknown table GET', path: '/rest/v1/nope' },
    { label: 'unknown table POST', method: 'POST', path: '/rest/v1/nope', headers: json, body: '{}' },
    { label: 'unknown table PATCH', method: 'PATCH', path: '/rest/v1/nope?id=eq.1', headers: json, body: '{}' },
    { label: 'unknown table DELETE', method: 'DELETE', path: '/rest/v1/nope?id=eq.1' },
    { label: 'unknown function POST', method: 'POST', path: '/rest/v1/rpc/nope', headers: json, body: '{}' },
    { label: 'unknown function GET', path: '/rest/v1/rpc/nope?a=1' },
    { label: 'function with wrong args', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: '{"zzz":1}' },
    { label: 'function with bad arg type', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: '{"a":"x"}' },
    { label: 'function raising', method: 'POST', path: '/rest/v1/rpc/fail_with', headers: json, body: '{"msg":"boom"}' },
    { label: 'rpc body is array', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: '[1]' },
    { label: 'rpc body invalid json', method: 'POST', path: '/rest/v1/rpc/add_numbers', headers: json, body: '{"a":' },
    { label: 'invalid json', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{' },
    { label: 'empty body', method: 'POST', path: '/rest/v1/labels', headers: json, body: '' },
    { label: 'string body', method: 'POST', path: '/rest/v1/labels', headers: json, body: '"label"' },
    { label: 'array of numbers', method: 'POST', path: '/rest/v1/labels', headers: json, body: '[1,2]' },
    { label: 'mismatched keys', method: 'POST', path: '/rest/v1/labels', headers: json, body: '[{"id":1},{"name":"x"}]' },
    { label: 'unknown column in body', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":900,"zzz":1}' },
    { label: 'wrong type in body', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":"x","name":"y"}' },
    { label: 'null in not-null column', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":901,"name":null}' },
    { label: 'duplicate key', method: 'POST', path: '/rest/v1/labels', headers: json, body: '{"id":1,"name":"dup"}' },
    { label: 'bad columns param', method: 'POST', path: '/rest/v1/labels?columns=', headers: json, body: '{"id":902}' },
    { label: 'patch array body', method: 'PATCH', path: '/rest/v1/labels?id=eq.1', headers: json, body: '[{"name":"x"}]' },
    { label: 'patch invalid json', method: 'PATCH', path: '/rest/v1/labels?id=eq.1', headers: json, body: '{name' },
    { label: 'patch without filter', method: 'PATCH', path: '/rest/v1/labels', headers: json, body: '{"name":"x"}' },
    { label: 'delete without filter', method: 'DELETE', path: '/rest/v1/labels' },
    { label: 'patch unknown column', method: 'PATCH', path: '/rest/v1/labels?id=eq.1', headers: json, body: '{"zzz":"x"}' },
    { label: 'unknown accept', path: '/rest/v1/labels', headers: { Accept: 'unknown/unknown' } },
    { label: 'unexposed schema', path: '/rest/v1/labels', headers: { 'Accept-Profile': 'auth' } },
    { label: 'inverted range', path: '/rest/v1/labels', headers: { Range: '5-2' } },
    { label: 'offset past the end', path: '/rest/v1/labels?offset=100', headers: { Prefer: 'count=exact' } },
    { label: 'single with many rows', path: '/rest/v1/labels', headers: { Accept: 'application/vnd.pgrst.object+json' } },
    { label: 'embed filter with eq', path: '/rest/v1/channels?select=slug,messages(id)&messages=eq.1' },
    { label: 'ambiguous embed', path: '/rest/v1/messages?select=id,profiles(id)', headers: {} },
    { label: 'missing apikey', path: '/rest/v1/labels', headers: { apikey: '' } },
    { label: 'unknown apikey', path: '/rest/v1/labels', headers: { apikey: 'not-a-key' } },
    { label: 'garbage bearer', path: '/rest/v1/labels', headers: { Authorization: 'Bearer garbage' } },
    { label: 'basic auth', path: '/rest/v1/labels', headers: { Authorization: 'Basic dXNlcjpwYXNz' } },
    { label: 'wrong secret', path: '/rest/v1/labels', headers: { Authorization: `Bearer ${tokens.wrongSecret}` } },
    { label: 'expired token', path: '/rest/v1/labels', headers: { Authorization: `Bearer ${tokens.expired}` } },
    { label: 'unknown role', path: '/rest/v1/labels', headers: { Authorization: `Bearer ${tokens.superuser}` } },
    { label: 'alg none', path: '/rest/v1/labels', headers: { Authorization: `Bearer ${tokens.algNone}` } },
    { label: 'truncated token', path: '/rest/v1/labels', headers: { Authorization: `Bearer ${keys.serviceRoleKey.slice(0, -5)}` } },
  );
  return cases;
}

describe.each(testEngines)('rest bad input on %s', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fixture, seed: true });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers every malformed request with a 3xx/4xx JSON error and keeps serving', async () => {
    const { keys } = t.server;
    const tokens = {
      wrongSecret: await new SignJWT({ role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' })
        .setProtectedHeader({ alg: 'HS256' }).setExpirationTime('1h').sign(new TextEncoder().encode('another-secret-that-is-long-enough!!')),
      expired: await signAccessToken(keys, { role: 'authenticated', sub: '00000000-0000-0000-0000-000000000001' }, -60),
      superuser: await signAccessToken(keys, { role: 'postgres' }, 3600),
      algNone: `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from('{"role":"service_role"}').toString('base64url')}.`,
    };
    const cases = buildCases(keys, tokens);
    expect(cases.length).toBeGreaterThanOrEqual(100);
    const failures: string[] = [];
    for (const c of cases) {
      const headers: Record<string, string> = { apikey: keys.serviceRoleKey, ...c.headers };
      if (headers.apikey === '') delete headers.apikey;
      const response = await fetch(`${t.url}${c.path}`, { method: c.method ?? 'GET', headers, ...(c.body !== undefined && { body: c.body }) });
      const text = await response.text();
      let body: unknown;
      try {
        body = JSON.parse(text);
      } catch {
        body = undefined;
      }
      const ok = response.status >= 300 && response.status < 500 && typeof (body as { message?: unknown } | undefined)?.message === 'string';
      if (!ok) failures.push(`${c.label}: ${response.status} ${text.slice(0, 200)}`);
    }
    expect(failures).toEqual([]);

    const expired = await fetch(`${t.url}/rest/v1/labels`, { headers: { apikey: keys.anonKey, Authorization: `Bearer ${tokens.expired}` } });
    expect(expired.status).toBe(401);
    expect(await expired.json()).toMatchObject({ code: 'PGRST303', message: 'JWT expired' });
    expect(expired.headers.get('www-authenticate')).toContain('invalid_token');
    const noKey = await fetch(`${t.url}/rest/v1/labels`);
    expect(noKey.status).toBe(401);
    expect(await noKey.json()).toEqual({ message: 'No API key found in request', hint: 'No apikey request header or url param was found.' });
    const parse = await fetch(`${t.url}/rest/v1/labels?id=eqx.1`, { headers: { apikey: keys.anonKey } });
    expect(parse.status).toBe(400);
    expect(await parse.json()).toMatchObject({ code: 'PGRST100' });

    const { data, error } = await t.anon().from('labels').select('id').eq('id', 1).single();
    expect(error).toBeNull();
    expect(data).toEqual({ id: 1 });
  });
});
