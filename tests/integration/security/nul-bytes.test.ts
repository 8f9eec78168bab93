// NUL characters outside /rest/v1 (rest-malformed.test.ts covers that): Postgres text cannot hold one,
// so each area refuses it up front with a 400 in its own error shape (GoTrue validation_failed, Storage
// InvalidRequest, Stripe invalid_request_error, the tools' {error, message}), never a 500 and never the
// Postgres error text.
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

interface Probe {
  label: string;
  method?: string;
  path: string;
  headers?: Record<string, string>;
  body?: string | Uint8Array<ArrayBuffer>;
}

interface Answer {
  status: number;
  text: string;
}

/** Words of Postgres' NUL errors (22P05 "unsupported Unicode escape sequence", 22021 "invalid byte sequence … 0x00"). */
const postgresLeak = /unicode escape|byte sequence|0x00|22P05|22021|null character|syntax for type/i;

describe.each(testEngines)('NUL characters outside the REST API on %s', (engine) => {
  let t: TestServer;
  let user: TestUser;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    user = await t.signUp(`nul.${Date.now()}@example.com`);
  });
  afterAll(async () => {
    await t?.close();
  });

  async function send(probe: Probe): Promise<Answer> {
    const response = await fetch(`${t.url}${probe.path}`, { method: probe.method ?? 'GET', headers: probe.headers, body: probe.body, redirect: 'manual' });
    return { status: response.status, text: await response.text() };
  }

  async function expectRefused(probes: Probe[], shape: (body: Record<string, unknown>) => void): Promise<void> {
    const wrong: string[] = [];
    for (const probe of probes) {
      const answer = await send(probe);
      if (answer.status !== 400 || postgresLeak.test(answer.text)) wrong.push(`${probe.label}: ${answer.status} ${answer.text.slice(0, 160)}`);
      else shape(JSON.parse(answer.text) as Record<string, unknown>);
    }
    expect(wrong).toEqual([]);
  }

  const json = { 'content-type': 'application/json' };

  it('refuses them on the mailbox and the push double with 400 {error, message}', async () => {
    await expectRefused(
      [
        { label: 'mailbox list filter', path: '/mailbox/api/messages?to=a%00b' },
        { label: 'mailbox message id', path: '/mailbox/api/messages/a%00b' },
        { label: 'mailbox page id', path: '/mailbox?id=a%00b' },
        { label: 'mailbox send subject', method: 'POST', path: '/mailbox/api/send', headers: json, body: JSON.stringify({ from: 'a@b.c', to: 'd@e.f', subject: 'x\u0000y', text: 'hi' }) },
        { label: 'push messages filter', path: '/push/v1/messages?subscription=a%00b' },
        { label: 'push message id', path: '/push/v1/messages/a%00b' },
        { label: 'push delivered', method: 'POST', path: '/push/v1/messages/a%00b/delivered', headers: json, body: '{}' },
        { label: 'push endpoint', method: 'POST', path: '/push/v1/send/a%00b', headers: { ttl: '60' } },
        { label: 'push unsubscribe', method: 'DELETE', path: '/push/v1/subscriptions/a%00b' },
      ],
      (body) => expect(body).toMatchObject({ error: 'validation_failed', message: expect.any(String) }),
    );
  });

  it('refuses them on the Stripe double with 400 invalid_request_error', async () => {
    await expectRefused(
      [
        { label: 'checkout page', path: '/stripe/checkout/cs_test_a%00b' },
        { label: 'checkout form', method: 'POST', path: '/stripe/checkout/cs_test_a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: 'number=4242424242424242' },
        { label: 'connect page', path: '/stripe/connect/link_a%00b' },
        { label: 'connect form', method: 'POST', path: '/stripe/connect/link_a%00b', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' },
        { label: 'test pay', method: 'POST', path: '/stripe/test/checkout/cs_test_a%00b/pay', headers: json, body: '{"card":"4242424242424242"}' },
        { label: 'test pay body', method: 'POST', path: '/stripe/test/checkout/cs_test_ab/pay', headers: json, body: '{"card":"4242\\u0000"}' },
      ],
      (body) => expect(body).toMatchObject({ error: { type: 'invalid_request_error' } }),
    );
  });

  it('refuses them on /auth/v1 with 400 validation_failed', async () => {
    const key = { apikey: t.server.keys.anonKey };
    const session = { ...key, ...json, authorization: `Bearer ${user.accessToken}` };
    await expectRefused(
      [
        { label: 'GET verify token', path: '/auth/v1/verify?token=a%00b&type=signup&redirect_to=http://localhost:5173' },
        { label: 'GET verify token_hash', path: '/auth/v1/verify?token_hash=a%00b&type=recovery' },
        { label: 'POST verify token_hash', method: 'POST', path: '/auth/v1/verify', headers: { ...key, ...json }, body: JSON.stringify({ type: 'recovery', token_hash: 'a\u0000b' }) },
        { label: 'POST verify token', method: 'POST', path: '/auth/v1/verify', headers: { ...key, ...json }, body: JSON.stringify({ type: 'email', email: user.email, token: '12\u00003456' }) },
        { label: 'PUT user data', method: 'PUT', path: '/auth/v1/user', headers: session, body: JSON.stringify({ data: { full_name: 'a\u0000b' } }) },
        { label: 'POST factors friendly_name', method: 'POST', path: '/auth/v1/factors', headers: session, body: JSON.stringify({ factor_type: 'totp', friendly_name: 'phone\u0000' }) },
      ],
      (body) => expect(body).toMatchObject({ code: 400, error_code: 'validation_failed' }),
    );
    // The account is untouched and the service keeps serving.
    const { data, error } = await user.client.auth.getUser();
    expect(error).toBeNull();
    expect(data.user?.email).toBe(user.email);
  });

  it('refuses upload metadata holding them with Storage\'s 400 InvalidRequest', async () => {
    const png = new Uint8Array(await sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 1, g: 2, b: 3 } } }).png().toBuffer());
    const service = { apikey: t.server.keys.serviceRoleKey, authorization: `Bearer ${t.server.keys.serviceRoleKey}` };
    const metadata = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64');
    await expectRefused(
      [
        { label: 'x-metadata value', method: 'POST', path: `/storage/v1/object/property-photos/${user.id}/a.png`, headers: { ...service, 'content-type': 'image/png', 'x-metadata': metadata({ caption: 'a\u0000b' }) }, body: png },
        { label: 'x-metadata key', method: 'POST', path: `/storage/v1/object/property-photos/${user.id}/b.png`, headers: { ...service, 'content-type': 'image/png', 'x-metadata': metadata({ 'a\u0000': 1 }) }, body: png },
        { label: 'object path', path: '/storage/v1/object/public/property-photos/a%00b.png' },
      ],
      // An object key with a NUL is storage-api's InvalidKey; the rest InvalidRequest.
      (body) => expect(body).toMatchObject({ statusCode: '400', code: expect.stringMatching(/^(InvalidRequest|InvalidKey)$/) }),
    );
    const fine = await send({ label: 'fine', method: 'POST', path: `/storage/v1/object/property-photos/${user.id}/c.png`, headers: { ...service, 'content-type': 'image/png', 'x-metadata': metadata({ caption: 'ok' }) }, body: png });
    expect(fine.status).toBe(200);
  });
});
