// The stand-in's tool routes (mailbox, push double, Stripe test helpers) need no key, so other web
// pages must not reach them: a DNS-rebinding page (its own name in Host) is refused everywhere, CORS
// names loopback origins only (never `*`), and a POST a page could send cross-site without a preflight
// (text/plain, a form, no body) is refused unless it carries the service key.
import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

describe.each(testEngines)('tool routes: Host, CORS and CSRF on %s', (engine) => {
  let t: TestServer;

  beforeAll(async () => {
    t = await startTestServer({ engine });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** fetch() may not set Host; node:http may. */
  function send(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
    const url = new URL(t.url);
    return new Promise((resolve, reject) => {
      const request = http.request({ host: url.hostname, port: url.port, method, path, headers: { host: url.host, ...headers } }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks).toString('utf8') }));
      });
      request.on('error', reject);
      if (body !== undefined) request.write(body);
      request.end();
    });
  }

  const mail = { from: 'NomadNest <bookings@nomadnest.local>', to: 'victim@example.com', subject: 'Reset your password', text: 'Click https://evil.example/reset' };
  const mailsTo = async (address: string): Promise<unknown[]> => JSON.parse((await send('GET', `/mailbox/api/messages?to=${encodeURIComponent(address)}`)).body) as unknown[];

  it('answers a rebinding page\'s Host with 403 on every route, and loopback names as before', async () => {
    const port = new URL(t.url).port;
    for (const path of ['/mailbox/api/messages', '/push/v1/messages', '/mailbox', '/push', '/stripe/test/state', '/auth/v1/health', '/rest/v1/', '/']) {
      for (const host of [`rebind.evil.example:${port}`, 'rebind.evil.example', `127.0.0.1.evil.example:${port}`, `localhost.evil.example:${port}`]) {
        const answer = await send('GET', path, { host });
        expect(answer.status, `${host} ${path}`).toBe(403);
        expect(answer.body).not.toContain('@');
      }
    }
    for (const host of [`127.0.0.1:${port}`, `localhost:${port}`, 'localhost', '127.0.0.1']) {
      expect((await send('GET', '/mailbox/api/messages', { host })).status, host).toBe(200);
    }
  });

  it('names only loopback origins in CORS answers of the push double, never *', async () => {
    const evil = { origin: 'https://evil.example' };
    const list = await send('GET', '/push/v1/messages', evil);
    expect(list.status).toBe(200);
    expect(list.headers['access-control-allow-origin']).toBeUndefined();
    const preflight = await send('OPTIONS', '/push/v1/subscriptions', { ...evil, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
    expect(preflight.headers['access-control-allow-origin']).toBeUndefined();
    // The app's pages (dev server, preview, e2e) stub PushManager.subscribe with a fetch to the double.
    for (const origin of ['http://localhost:5173', 'http://127.0.0.1:4178']) {
      const allowed = await send('OPTIONS', '/push/v1/subscriptions', { origin, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' });
      expect(allowed.headers['access-control-allow-origin'], origin).toBe(origin);
      const remove = await send('OPTIONS', '/push/v1/subscriptions/abc', { origin, 'access-control-request-method': 'DELETE' });
      expect(remove.headers['access-control-allow-origin'], origin).toBe(origin);
    }
  });

  it('refuses a cross-site text/plain or form POST to the mailbox, and plants no mail', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x']) {
      const forged = await send('POST', '/mailbox/api/send', { 'content-type': type }, JSON.stringify(mail));
      expect(forged.status, type).toBe(415);
    }
    const noType = await send('POST', '/mailbox/api/send', {}, JSON.stringify(mail));
    expect(noType.status).toBe(415);
    expect(await mailsTo('victim@example.com')).toEqual([]);
    // What the functions send (JSON), and a tool that holds the service key, still work.
    expect((await send('POST', '/mailbox/api/send', { 'content-type': 'application/json' }, JSON.stringify(mail))).status).toBe(201);
    expect((await send('POST', '/mailbox/api/send', { 'content-type': 'text/plain', apikey: t.server.keys.serviceRoleKey }, JSON.stringify(mail))).status).toBe(201);
    expect(await mailsTo('victim@example.com')).toHaveLength(2);
  });

  it('refuses forgeable POSTs to the push double and the Stripe test helpers', async () => {
    expect((await send('POST', '/push/v1/subscriptions', { 'content-type': 'text/plain' }, '{}')).status).toBe(415);
    expect((await send('POST', '/push/v1/messages/some-id/delivered')).status).toBe(415);
    expect((await send('POST', '/push/v1/messages/some-id/delivered', { 'content-type': 'application/json' }, '{}')).status).toBe(404);
    expect((await send('POST', '/stripe/test/checkout/cs_test_x/pay', { 'content-type': 'text/plain' }, '{"card":"4242424242424242"}')).status).toBe(415);
    // The push endpoint itself is for application servers: it answers on its VAPID signature (401 without).
    expect((await send('POST', '/push/v1/send/unknown', { 'content-type': 'application/octet-stream', ttl: '60' })).status).toBe(404);
  });
});
