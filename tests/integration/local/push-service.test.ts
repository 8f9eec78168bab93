// The push service double: it issues subscriptions, and the independent `web-push` library (the
// reference application server of Web Push) sends to them; the double checks VAPID, decrypts and lists.
import { Agent as HttpsAgent } from 'node:https';
import { createConnection, type Socket } from 'node:net';
import { fileURLToPath } from 'node:url';
import webpush, { WebPushError, type PushSubscription, type RequestOptions } from 'web-push';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));

interface PushMessage {
  id: string;
  subscriptionId: string;
  receivedAt: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  vapidSubject: string;
  vapidPublicKey: string;
  text: string | null;
  encryptedBody: string | null;
  deliveredAt: string | null;
}

/**
 * web-push speaks only https (https.request); the stand-in listens on plain http. An https agent whose
 * connections are plain TCP sockets lets web-push's own transport and error handling run unchanged.
 */
class PlainHttpAgent extends HttpsAgent {
  override createConnection(options: { host?: string | null; port?: number | null }): Socket {
    return createConnection({ host: options.host ?? '127.0.0.1', port: options.port ?? 80 });
  }
}

const agent = new PlainHttpAgent();
const subject = 'mailto:push-test@nomadnest.example';
const vapidA = webpush.generateVAPIDKeys();
const vapidB = webpush.generateVAPIDKeys();

function options(keys: { publicKey: string; privateKey: string }, extra: RequestOptions = {}): RequestOptions {
  return { vapidDetails: { subject, ...keys }, TTL: 60, agent, ...extra };
}

async function statusOf(sending: Promise<unknown>): Promise<number> {
  try {
    const result = (await sending) as { statusCode: number };
    return result.statusCode;
  } catch (error) {
    if (error instanceof WebPushError) return error.statusCode;
    throw error;
  }
}

describe.each(testEngines)('push service double on %s', (engine) => {
  let t: TestServer;

  const subscribe = async (applicationServerKey: string | null = vapidA.publicKey): Promise<PushSubscription> => {
    const response = await fetch(`${t.url}/push/v1/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey }) });
    expect(response.status).toBe(201);
    return (await response.json()) as PushSubscription;
  };
  const idOf = (subscription: PushSubscription): string => subscription.endpoint.split('/').pop() ?? '';
  const list = async (subscription: PushSubscription): Promise<PushMessage[]> =>
    (await (await fetch(`${t.url}/push/v1/messages?subscription=${idOf(subscription)}`)).json()) as PushMessage[];
  /** web-push's request (encryption and VAPID) sent by fetch, so a test can change a header. */
  const rawSend = (subscription: PushSubscription, payload: string, change: (headers: Record<string, string>) => void, opts: RequestOptions = options(vapidA)) => {
    const details = webpush.generateRequestDetails(subscription, payload, opts);
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(details.headers)) if (name.toLowerCase() !== 'content-length') headers[name] = String(value);
    change(headers);
    return fetch(details.endpoint, { method: 'POST', headers, body: new Uint8Array(details.body) });
  };

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
  });
  afterAll(async () => {
    agent.destroy();
    await t?.close();
  });

  it('issues a PushSubscription with an endpoint of its own and the user agent keys', async () => {
    const subscription = await subscribe();
    expect(subscription.endpoint).toMatch(new RegExp(`^${t.url}/push/v1/send/[A-Za-z0-9_-]{22}$`));
    expect(Buffer.from(subscription.keys.p256dh, 'base64url')).toHaveLength(65);
    expect(Buffer.from(subscription.keys.auth, 'base64url')).toHaveLength(16);
    expect((subscription as unknown as { expirationTime: unknown }).expirationTime).toBeNull();
    const bad = await fetch(`${t.url}/push/v1/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey: 'AAAA' }) });
    expect(bad.status).toBe(400);
  });

  it('accepts a push from web-push (201 + Location), decrypts it and lists it', async () => {
    const subscription = await subscribe();
    const payload = JSON.stringify({ title: 'New message', body: 'Ana: see you at <b>8</b> ✓', chat: 'c-1' });
    const result = await webpush.sendNotification(subscription, payload, options(vapidA, { TTL: 3600, urgency: 'high', topic: 'chat-c-1' }));
    expect(result.statusCode).toBe(201);
    const location = result.headers.location ?? '';
    expect(location).toMatch(new RegExp(`^${t.url}/push/v1/messages/`));

    const [message] = await list(subscription);
    expect(message).toMatchObject({ subscriptionId: idOf(subscription), text: payload, ttl: 3600, urgency: 'high', topic: 'chat-c-1', vapidSubject: subject, vapidPublicKey: vapidA.publicKey, deliveredAt: null });
    expect(Buffer.from(message?.encryptedBody ?? '', 'base64').toString('utf8')).not.toContain('New message');
    expect(((await (await fetch(location)).json()) as PushMessage).id).toBe(message?.id);

    // A push without a payload is a valid tickle.
    expect(await statusOf(webpush.sendNotification(subscription, null, options(vapidA)))).toBe(201);
    expect((await list(subscription))[0]).toMatchObject({ text: null, encryptedBody: null, urgency: 'normal', topic: null });

    const page = await fetch(`${t.url}/push`);
    expect(page.headers.get('content-type')).toContain('text/html');
    const pageText = await page.text();
    expect(pageText).toContain('see you at &lt;b&gt;8&lt;/b&gt; ✓');
    expect(pageText).not.toContain('<b>8</b>');
    expect(pageText).toContain(subject);
  });

  it('replaces an undelivered push of the same topic, not a delivered one', async () => {
    const subscription = await subscribe();
    await webpush.sendNotification(subscription, 'first', options(vapidA, { topic: 'chat-7' }));
    await webpush.sendNotification(subscription, 'other chat', options(vapidA, { topic: 'chat-8' }));
    await webpush.sendNotification(subscription, 'second', options(vapidA, { topic: 'chat-7' }));
    expect((await list(subscription)).map((m) => m.text)).toEqual(['second', 'other chat']);

    const delivered = (await list(subscription))[0];
    expect((await fetch(`${t.url}/push/v1/messages/${delivered?.id}/delivered`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
    await webpush.sendNotification(subscription, 'third', options(vapidA, { topic: 'chat-7' }));
    expect((await list(subscription)).map((m) => m.text)).toEqual(['third', 'second', 'other chat']);
  });

  it('refuses pushes whose VAPID authentication is absent (401) or invalid (403)', async () => {
    const subscription = await subscribe();
    // signed by another application server than the one the subscription was made for
    expect(await statusOf(webpush.sendNotification(subscription, 'hi', options(vapidB)))).toBe(403);
    expect((await rawSend(subscription, 'hi', (h) => delete h.Authorization)).status).toBe(401);
    expect((await rawSend(subscription, 'hi', (h) => (h.Authorization = `vapid t=not.a.jwt, k=${vapidA.publicKey}`))).status).toBe(403);
    // a JWT of key B presented with k = key A: the signature does not verify
    const signedByB = webpush.getVapidHeaders(new URL(t.url).origin, subject, vapidB.publicKey, vapidB.privateKey, 'aes128gcm').Authorization;
    expect((await rawSend(subscription, 'hi', (h) => (h.Authorization = signedByB.replace(vapidB.publicKey, vapidA.publicKey)))).status).toBe(403);
    const now = Math.floor(Date.now() / 1000);
    const expired = webpush.getVapidHeaders(new URL(t.url).origin, subject, vapidA.publicKey, vapidA.privateKey, 'aes128gcm', now - 60).Authorization;
    const expiredResponse = await rawSend(subscription, 'hi', (h) => (h.Authorization = expired));
    expect(expiredResponse.status).toBe(403);
    expect(((await expiredResponse.json()) as { message: string }).message).toContain('expired');
    const otherAudience = webpush.getVapidHeaders('https://fcm.googleapis.com', subject, vapidA.publicKey, vapidA.privateKey, 'aes128gcm').Authorization;
    expect((await rawSend(subscription, 'hi', (h) => (h.Authorization = otherAudience))).status).toBe(403);
    expect(await list(subscription)).toEqual([]);

    // a subscription made without an applicationServerKey takes any valid VAPID signer
    const open = await subscribe(null);
    expect(await statusOf(webpush.sendNotification(open, 'hi', options(vapidB)))).toBe(201);
  });

  it('answers 404 for an unknown subscription and 410 once it has expired', async () => {
    const subscription = await subscribe();
    const unknown = { ...subscription, endpoint: `${t.url}/push/v1/send/unknown-subscription-id` };
    expect(await statusOf(webpush.sendNotification(unknown, 'hi', options(vapidA)))).toBe(404);

    expect((await fetch(`${t.url}/push/v1/subscriptions/${idOf(subscription)}`, { method: 'DELETE' })).status).toBe(204);
    const gone = await webpush.sendNotification(subscription, 'hi', options(vapidA)).catch((error: unknown) => error);
    expect(gone).toBeInstanceOf(WebPushError);
    expect((gone as WebPushError).statusCode).toBe(410);
    expect((await fetch(`${t.url}/push/v1/subscriptions/unknown`, { method: 'DELETE' })).status).toBe(404);
  });

  it('takes 4096 bytes of encrypted body and refuses more with 413', async () => {
    const subscription = await subscribe();
    // aes128gcm adds 86 bytes of header, 16 of tag and 1 delimiter: 3993 bytes of text make 4096.
    expect(await statusOf(webpush.sendNotification(subscription, 'x'.repeat(3993), options(vapidA)))).toBe(201);
    expect(await statusOf(webpush.sendNotification(subscription, 'x'.repeat(3994), options(vapidA)))).toBe(413);
    expect((await list(subscription)).map((m) => m.text?.length)).toEqual([3993]);
  });

  it('requires TTL, a valid Urgency and Topic, aes128gcm and a body that decrypts (400)', async () => {
    const subscription = await subscribe();
    expect((await rawSend(subscription, 'hi', (h) => delete h.TTL)).status).toBe(400);
    expect((await rawSend(subscription, 'hi', (h) => (h.TTL = 'soon'))).status).toBe(400);
    expect((await rawSend(subscription, 'hi', (h) => (h.Urgency = 'urgent'))).status).toBe(400);
    expect((await rawSend(subscription, 'hi', (h) => (h.Topic = 'a topic with spaces'))).status).toBe(400);
    expect((await rawSend(subscription, 'hi', (h) => (h['Content-Encoding'] = 'aesgcm'))).status).toBe(400);
    // encrypted for another subscription's keys
    const other = await subscribe();
    const misdirected = await rawSend({ ...other, endpoint: subscription.endpoint }, 'hi', () => {});
    expect(misdirected.status).toBe(400);
    expect(((await misdirected.json()) as { error: string }).error).toBe('decryption_failed');
    expect(await list(subscription)).toEqual([]);
  });
});
