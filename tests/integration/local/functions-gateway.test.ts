// Edge Functions through supabase-js: the gateway's verify_jwt rule and key mapping, CORS preflight,
// sub-paths, the function environment, unknown/disabled functions and a crashing function.
import { fileURLToPath } from 'node:url';
import { createClient, FunctionsHttpError } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findDeno } from '../../../supabase/local/src/functions/deno-binary.ts';
import { clientOptions, startTestServer, type TestServer, type TestUser } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));

interface Echo {
  method: string;
  path: string;
  search: string;
  authorization: string | null;
  contentType: string | null;
  body: string | null;
  env: Record<string, string | null>;
}

async function errorStatus(error: unknown): Promise<{ status: number; body: unknown }> {
  expect(error).toBeInstanceOf(FunctionsHttpError);
  const response = (error as FunctionsHttpError).context as Response;
  return { status: response.status, body: await response.json() };
}

describe('functions gateway and runtime', () => {
  let t: TestServer;
  let alice: TestUser;

  beforeAll(async () => {
    t = await startTestServer({ projectDir });
    alice = await t.mintUser('alice@example.com');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('serves functions from Deno when a deno binary is found, else from the Node fallback', () => {
    const forcedNode = process.env.SUPABASE_LOCAL_FUNCTIONS_RUNTIME === 'node';
    expect(t.server.functionsRuntime).toBe(!forcedNode && findDeno() ? 'deno' : 'node');
  });

  it('runs a function for the anon key and passes the JSON body and the bearer through', async () => {
    const { data, error } = await t.anon().functions.invoke<Echo>('echo', { body: { hello: 'world' } });
    expect(error).toBeNull();
    expect(data?.method).toBe('POST');
    expect(data?.path).toBe('/echo');
    expect(data?.contentType).toBe('application/json');
    expect(JSON.parse(data?.body ?? 'null')).toEqual({ hello: 'world' });
    expect(data?.authorization).toBe(`Bearer ${t.server.keys.anonKey}`);
  });

  it("forwards a signed-in user's access token", async () => {
    const { data, error } = await alice.client.functions.invoke<Echo>('echo', { body: { x: 1 } });
    expect(error).toBeNull();
    expect(data?.authorization).toBe(`Bearer ${alice.accessToken}`);
  });

  it('maps the publishable key (no Authorization header) to the anon JWT, like the CLI gateway', async () => {
    const client = createClient(t.url, t.server.keys.publishableKey, clientOptions);
    const { data, error } = await client.functions.invoke<Echo>('echo', { body: 'text body' });
    expect(error).toBeNull();
    expect(data?.authorization).toBe(`Bearer ${t.server.keys.anonKey}`);
    expect(data?.contentType).toBe('text/plain');
    expect(data?.body).toBe('text body');
  });

  // Hosted's gateway contract (the CLI's edge-runtime main follows it): 401 `{code, message}` with the code in
  // `sb-error-code` (and the legacy `msg`), no `x-relay-error`: supabase-js reports a FunctionsHttpError.
  const gatewayRefusal = (code: string, message: string) => ({ status: 401, body: { code, message, msg: message } });

  it('rejects a tampered JWT or one that is not a JWT with hosted\'s 401 codes when verify_jwt is on', async () => {
    const tampered = `${alice.accessToken.slice(0, -4)}AAAA`;
    const { error } = await t.withToken(tampered).functions.invoke('echo', { body: {} });
    expect(error).toBeInstanceOf(FunctionsHttpError);
    expect(await errorStatus(error)).toEqual(gatewayRefusal('UNAUTHORIZED_LEGACY_JWT', 'Invalid JWT'));

    const response = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST', headers: { authorization: 'Bearer not-a-jwt' } });
    expect({ status: response.status, body: await response.json() }).toEqual(gatewayRefusal('UNAUTHORIZED_INVALID_JWT_FORMAT', 'Invalid JWT format'));
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_INVALID_JWT_FORMAT');
    expect(response.headers.get('x-relay-error')).toBeNull();
  });

  it('rejects a request without any key or Authorization header', async () => {
    const response = await fetch(`${t.url}/functions/v1/echo`, { method: 'POST', body: '{}' });
    expect({ status: response.status, body: await response.json() }).toEqual(gatewayRefusal('UNAUTHORIZED_NO_AUTH_HEADER', 'Missing authorization header'));
    expect(response.headers.get('sb-error-code')).toBe('UNAUTHORIZED_NO_AUTH_HEADER');
  });

  it('lets verify_jwt = false functions run without any key', async () => {
    const response = await fetch(`${t.url}/functions/v1/public-echo?via=fetch`, { method: 'PUT', body: 'raw' });
    expect(response.status).toBe(200);
    const echo = (await response.json()) as Echo;
    expect(echo).toMatchObject({ method: 'PUT', path: '/public-echo', search: '?via=fetch', authorization: null, body: 'raw' });
  });

  it('passes CORS preflight to the function without checking the JWT', async () => {
    const response = await fetch(`${t.url}/functions/v1/echo`, { method: 'OPTIONS', headers: { origin: 'http://localhost:5173', 'access-control-request-method': 'POST' } });
    expect(response.status).toBe(200);
    expect(response.headers.get('access-control-allow-origin')).toBe('*');
  });

  it('routes sub-paths and other methods to the same function', async () => {
    const { data, error } = await t.anon().functions.invoke<Echo>('echo/bookings/42?expand=1', { method: 'GET' });
    expect(error).toBeNull();
    expect(data).toMatchObject({ method: 'GET', path: '/echo/bookings/42', search: '?expand=1', body: null });
  });

  it('presents req.url as the hosted gateway does: from /<name> on, without /functions/v1', async () => {
    // Hosted (and the CLI's Kong route, strip_path) hands the edge runtime /<name>[/<sub-path>], so a function
    // that routes on its path (Hono, `new URL(req.url).pathname`) matches `/<name>/...` (docs/decisions/hosted-defaults.md).
    const { data, error } = await t.anon().functions.invoke<Echo>('echo/functions/v1/x', { method: 'GET' });
    expect(error).toBeNull();
    expect(data?.path).toBe('/echo/functions/v1/x');
  });

  it('gives functions the Supabase, Stripe double, mailbox and functions/.env variables', async () => {
    const { data } = await t.anon().functions.invoke<Echo>('echo', { body: {} });
    const keys = t.server.keys;
    expect(data?.env).toMatchObject({
      SUPABASE_URL: t.url,
      SUPABASE_ANON_KEY: keys.anonKey,
      SUPABASE_SERVICE_ROLE_KEY: keys.serviceRoleKey,
      SUPABASE_PUBLISHABLE_KEY: keys.publishableKey,
      SUPABASE_SECRET_KEY: keys.secretKey,
      STRIPE_API_BASE: `${t.url}/stripe`,
      MAILBOX_URL: `${t.url}/mailbox`,
      FIXTURE_GREETING: 'hello from functions/.env',
    });
    expect(data?.env.STRIPE_SECRET_KEY).toMatch(/^sk_test_/);
    expect(data?.env.STRIPE_WEBHOOK_SECRET).toMatch(/^whsec_/);
    expect(data?.env.SITE_URL).toMatch(/^http/);
  });

  it('lets a function build a supabase-js client from its environment and call another function', async () => {
    const { data, error } = await t.anon().functions.invoke<{ innerAuthorization: string }>('service-echo', { body: {} });
    expect(error).toBeNull();
    expect(data?.innerAuthorization).toBe(`Bearer ${t.server.keys.serviceRoleKey}`);
  });

  it('answers 404 NOT_FOUND for unknown, disabled and invalid function names', async () => {
    for (const name of ['no-such-function', 'disabled-echo', '_shared']) {
      const { error } = await t.anon().functions.invoke(name, { body: {} });
      expect(await errorStatus(error)).toEqual({ status: 404, body: { code: 'NOT_FOUND', message: 'Requested function was not found' } });
    }
    const traversal = await fetch(`${t.url}/functions/v1/..%2F..%2Fconfig.toml`, { method: 'POST', headers: { apikey: t.server.keys.anonKey } });
    expect(traversal.status).toBe(404);
  });

  it('answers 500 when a function throws, and keeps serving', async () => {
    const { error } = await t.anon().functions.invoke('crash', { body: {} });
    const { status, body } = await errorStatus(error);
    expect(status).toBe(500);
    expect(body).toEqual({ code: 'WORKER_ERROR', message: 'Function exited due to an error (please check logs)' });
    const again = await t.anon().functions.invoke<Echo>('echo', { body: {} });
    expect(again.error).toBeNull();
  });

  it('answers 503 BOOT_ERROR when a function cannot start, and keeps serving', async () => {
    const { error } = await t.anon().functions.invoke('boot-error', { body: {} });
    expect(await errorStatus(error)).toEqual({ status: 503, body: { code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' } });
    const again = await t.anon().functions.invoke<Echo>('echo', { body: {} });
    expect(again.error).toBeNull();
  });
});
