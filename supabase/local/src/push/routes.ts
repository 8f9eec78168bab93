// Push service double (RFC 8030 + RFC 8291 + RFC 8292), mounted at /push. Application servers (the
// send-push function, web-push) POST encrypted pushes to the endpoints it issued; tests and people read
// them decrypted.
//
//   POST   /push/v1/subscriptions        {applicationServerKey?} → 201 PushSubscription JSON (what
//                                        PushManager.subscribe() resolves to; the double keeps the
//                                        user agent's private key so it can decrypt)
//   DELETE /push/v1/subscriptions/:id    expires it: its endpoint answers 410 Gone afterwards
//   POST   /push/v1/send/:id             the push endpoint: TTL, Urgency, Topic, aes128gcm, VAPID → 201 + Location
//   GET    /push/v1/messages[?subscription=id]  received pushes, newest first, decrypted
//   GET    /push/v1/messages/:id         one push (the Location of the 201)
//   POST   /push/v1/messages/:id/delivered  marks it handed to a service worker; a later push of its
//                                        topic then no longer replaces it
//   DELETE /push/v1/messages             clears all pushes
//   GET    /push/v1/application-server-key  { publicKey }: the stand-in's own VAPID public key (what
//                                        send-push signs with; the app gets it as VITE_VAPID_PUBLIC_KEY)
//   GET    /push                         the page listing them, beside /mailbox
//
// Delivering a push to a real Chromium service worker: a browser cannot subscribe at this double
// (Chromium's push service is FCM), so a test stubs PushManager.subscribe with POST /v1/subscriptions,
// then for a received message calls CDP `ServiceWorker.deliverPushMessage({ origin, registrationId,
// data: message.text })` (the worker receives it as event.data) and POST /v1/messages/:id/delivered.
import { Hono, type Context } from 'hono';
import * as v from 'valibot';
import type { LocalContext } from '../context.ts';
import { toolCors } from '../http/tool-routes.ts';
import { decryptPushPayload, generateUserAgentKeys, PushDecryptError } from './push-crypto.ts';
import { PushStore, type Urgency } from './push-store.ts';
import { renderPushPage } from './push-page.ts';
import { VapidError, verifyVapid } from './vapid.ts';

/** RFC 8030 §7.2: a push service has to accept at least 4096 octets of payload, and may refuse more. */
const maxPayloadBytes = 4096;
const urgencies: readonly Urgency[] = ['very-low', 'low', 'normal', 'high'];
/** RFC 8030 §5.4: at most 32 characters of the URL and filename safe base64 alphabet. */
const topicPattern = /^[A-Za-z0-9_-]{1,32}$/;

const subscribeSchema = v.object({
  applicationServerKey: v.optional(v.nullable(v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]+=*$/, 'must be base64url')))),
});

function isP256Point(base64url: string): boolean {
  const raw = Buffer.from(base64url, 'base64url');
  return raw.length === 65 && raw[0] === 0x04;
}

function problem(c: Context, status: 400 | 401 | 403 | 404 | 410 | 413, error: string, message: string) {
  if (status === 401) c.header('WWW-Authenticate', 'vapid');
  return c.json({ error, message }, status);
}

export function pushRoutes(ctx: LocalContext): Hono {
  const store = new PushStore(ctx.db);
  const app = new Hono();
  // Browser tests stub PushManager.subscribe with a fetch from the app's origin (a loopback origin).
  app.use('/v1/subscriptions', toolCors);
  app.use('/v1/subscriptions/*', toolCors);

  app.post('/v1/subscriptions', async (c) => {
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      body = {};
    }
    const parsed = v.safeParse(subscribeSchema, body);
    const key = parsed.success ? (parsed.output.applicationServerKey ?? null) : undefined;
    if (key === undefined || (key !== null && !isP256Point(key))) {
      return problem(c, 400, 'invalid_application_server_key', 'applicationServerKey must be a base64url uncompressed P-256 public key (65 bytes), as PushManager.subscribe requires');
    }
    const subscription = await store.createSubscription(key === null ? null : Buffer.from(key, 'base64url').toString('base64url'), generateUserAgentKeys());
    return c.json(
      { endpoint: `${ctx.apiUrl}/push/v1/send/${subscription.id}`, expirationTime: null, keys: { p256dh: subscription.keys.p256dh, auth: subscription.keys.auth } },
      201,
    );
  });

  app.delete('/v1/subscriptions/:id', async (c) =>
    (await store.expireSubscription(c.req.param('id'))) ? c.body(null, 204) : problem(c, 404, 'not_found', 'No such subscription'),
  );

  app.post('/v1/send/:id', async (c) => {
    const subscription = await store.getSubscription(c.req.param('id'));
    if (!subscription) return problem(c, 404, 'not_found', 'No such push subscription');
    if (subscription.expiredAt) return problem(c, 410, 'gone', 'The push subscription has expired; delete it');

    let vapid;
    try {
      const audiences = [...new Set([new URL(ctx.apiUrl).origin, new URL(c.req.url).origin])];
      vapid = verifyVapid(c.req.header('authorization'), audiences);
    } catch (error) {
      if (error instanceof VapidError) return problem(c, error.status, 'vapid', error.message);
      throw error;
    }
    // RFC 8292 §4.2: a subscription made with an applicationServerKey accepts only pushes signed by it.
    if (subscription.applicationServerKey !== null && Buffer.from(vapid.publicKey, 'base64url').toString('base64url') !== subscription.applicationServerKey) {
      return problem(c, 403, 'vapid_key_mismatch', 'k is not the applicationServerKey this subscription was created with');
    }

    const ttlHeader = c.req.header('ttl');
    if (ttlHeader === undefined || !/^\d{1,10}$/.test(ttlHeader.trim())) return problem(c, 400, 'ttl', 'The TTL header (seconds, a non-negative integer) is required');
    const urgency = (c.req.header('urgency')?.trim().toLowerCase() || 'normal') as Urgency;
    if (!urgencies.includes(urgency)) return problem(c, 400, 'urgency', `Urgency must be one of ${urgencies.join(', ')}`);
    const topic = c.req.header('topic')?.trim() || null;
    if (topic !== null && !topicPattern.test(topic)) return problem(c, 400, 'topic', 'Topic must be at most 32 characters of the base64url alphabet');

    const declared = Number(c.req.header('content-length') ?? 0);
    if (declared > maxPayloadBytes) return problem(c, 413, 'payload_too_large', `A push payload may be at most ${maxPayloadBytes} bytes`);
    const body = Buffer.from(await c.req.arrayBuffer());
    if (body.length > maxPayloadBytes) return problem(c, 413, 'payload_too_large', `A push payload may be at most ${maxPayloadBytes} bytes`);

    let text: string | null = null;
    if (body.length > 0) {
      const encoding = c.req.header('content-encoding')?.trim().toLowerCase();
      if (encoding !== 'aes128gcm') return problem(c, 400, 'content_encoding', 'A push with a body needs Content-Encoding: aes128gcm (RFC 8291)');
      try {
        text = decryptPushPayload(body, subscription.keys).toString('utf8');
      } catch (error) {
        // A real push service forwards undecryptable bytes and the browser drops them; the double says why.
        if (error instanceof PushDecryptError) return problem(c, 400, 'decryption_failed', error.message);
        throw error;
      }
    }

    const { message, replaced } = await store.addMessage({
      subscriptionId: subscription.id,
      ttl: Number(ttlHeader.trim()),
      urgency,
      topic,
      vapidSubject: vapid.subject,
      vapidPublicKey: vapid.publicKey,
      text,
      encryptedBody: body.length > 0 ? body.toString('base64') : null,
    });
    console.info(`[push] ${vapid.subject} → ${subscription.id}${topic ? ` (topic ${topic}${replaced.length ? ', replaced an undelivered push' : ''})` : ''}`);
    c.header('Location', `${ctx.apiUrl}/push/v1/messages/${message.id}`);
    c.header('TTL', String(message.ttl));
    return c.body(null, 201);
  });

  app.get('/v1/application-server-key', (c) => c.json({ publicKey: ctx.vapid.publicKey }));

  app.get('/v1/messages', async (c) => c.json(await store.listMessages(c.req.query('subscription') || undefined)));

  app.get('/v1/messages/:id', async (c) => {
    const message = await store.getMessage(c.req.param('id'));
    return message ? c.json(message) : problem(c, 404, 'not_found', 'No such push message');
  });

  app.post('/v1/messages/:id/delivered', async (c) => {
    const message = await store.markDelivered(c.req.param('id'));
    return message ? c.json(message) : problem(c, 404, 'not_found', 'No such push message');
  });

  app.delete('/v1/messages', async (c) => c.json({ deleted: await store.clearMessages() }));

  app.get('/', async (c) => {
    const basePath = c.req.path.replace(/\/$/, '');
    return c.html(renderPushPage(await store.listMessages(), basePath));
  });

  return app;
}
