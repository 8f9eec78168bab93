// Caching headers as hosted Supabase sends them: PostgREST (v14) sets none of its own on a read (only what a
// request's `response.headers` setting adds), the gateway adds none, and GoTrue sets one only on its public
// JWKS (`public, max-age=600`). So an authenticated answer may enter a browser's HTTP cache, and the app
// must ask for `cache: 'no-store'` itself (src/remote/no-store-fetch.ts). The stand-in must not send more
// than hosted does: a `no-store` here would hide the app's own omission from its tests.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';

describe.each(testEngines)('caching headers of the stand-in on %s', (engine) => {
  let t: TestServer;
  let user: TestUser;
  const password = 'cache-headers-password';

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    user = await t.signUp(`cache-${Date.now().toString(36)}@example.com`, password);
  });
  afterAll(async () => {
    await t?.close();
  });

  const get = (path: string, bearer: string) =>
    fetch(`${t.url}${path}`, { headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${bearer}` } });

  it('sends no caching header on REST reads, signed in or not', async () => {
    for (const bearer of [user.accessToken, t.server.keys.anonKey]) {
      for (const path of ['/rest/v1/messages?select=id', '/rest/v1/tasks?select=id&limit=1']) {
        const response = await get(path, bearer);
        expect(response.status, path).toBe(200);
        expect(response.headers.get('cache-control'), path).toBeNull();
        expect(response.headers.get('expires'), path).toBeNull();
        await response.body?.cancel();
      }
    }
  });

  it("sends none on GoTrue's user and token answers, and public, max-age=600 on its JWKS", async () => {
    const userAnswer = await get('/auth/v1/user', user.accessToken);
    expect(userAnswer.status).toBe(200);
    expect(userAnswer.headers.get('cache-control')).toBeNull();
    await userAnswer.body?.cancel();

    const token = await fetch(`${t.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: t.server.keys.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: user.email, password }),
    });
    expect(token.status).toBe(200);
    expect(token.headers.get('cache-control')).toBeNull();
    await token.body?.cancel();

    const jwks = await get('/auth/v1/.well-known/jwks.json', t.server.keys.anonKey);
    expect(jwks.status).toBe(200);
    expect(jwks.headers.get('cache-control')).toBe('public, max-age=600');
    await jwks.body?.cancel();
  });
});
