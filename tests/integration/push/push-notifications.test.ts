// Web Push end to end through the stand-in (docs/decisions/push-notifications.md): "browsers" subscribe
// at the push double and register with register_push_subscription; messages and booking decisions fill
// push_outbox in the database; the dispatcher (or the scheduler) runs send-push, which encrypts and signs
// with the data dir's VAPID keys; the double verifies, decrypts and lists what arrived.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBooking, setBookingStatus } from '../../../supabase/tests/support/fixtures.ts';
import { createListing, invoke, signUpAs, type Listing } from '../payments/payments-support.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface PushMessage {
  id: string;
  subscriptionId: string;
  ttl: number;
  urgency: string;
  topic: string | null;
  vapidSubject: string;
  vapidPublicKey: string;
  text: string | null;
}

interface Payload {
  kind: string;
  title: string;
  body: string;
  icon: string | null;
  url: string;
  tag: string;
  badge: number;
}

const payloadOf = (message: PushMessage | undefined): Payload => JSON.parse(message?.text ?? 'null') as Payload;
const idOf = (subscription: BrowserSubscription): string => subscription.endpoint.split('/').pop() ?? '';

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last value: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.each(testEngines)('push notifications on %s', (engine) => {
  let t: TestServer;
  let host: TestUser;
  let guest: TestUser;
  let listing: Listing;
  let guestDevice: BrowserSubscription;

  /** PushManager.subscribe at the double, with the stand-in's application server key. */
  const subscribeBrowser = async (): Promise<BrowserSubscription> => {
    const response = await fetch(`${t.url}/push/v1/subscriptions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey: t.server.ctx.vapid.publicKey }),
    });
    expect(response.status).toBe(201);
    return (await response.json()) as BrowserSubscription;
  };
  const register = (user: TestUser, subscription: BrowserSubscription) =>
    user.client.rpc('register_push_subscription', { p_endpoint: subscription.endpoint, p_p256dh: subscription.keys.p256dh, p_auth: subscription.keys.auth, p_user_agent: 'Test browser' });
  const subscribeUser = async (user: TestUser): Promise<BrowserSubscription> => {
    const subscription = await subscribeBrowser();
    const { error } = await register(user, subscription);
    expect(error).toBeNull();
    return subscription;
  };
  const received = async (subscription: BrowserSubscription): Promise<PushMessage[]> =>
    (await (await fetch(`${t.url}/push/v1/messages?subscription=${idOf(subscription)}`)).json()) as PushMessage[];
  const markDelivered = async (message: PushMessage | undefined) => {
    expect((await fetch(`${t.url}/push/v1/messages/${message?.id}/delivered`, { method: 'POST', headers: { 'content-type': 'application/json' } })).status).toBe(200);
  };
  const sendDirect = async (from: TestUser, to: TestUser, text: string) => {
    const { error } = await from.client.from('messages').insert({ sender_id: from.id, receiver_id: to.id, conversation_type: 'host_guest', text });
    expect(error).toBeNull();
  };
  const sendHouse = async (from: TestUser, propertyId: string, text: string) => {
    const { error } = await from.client.from('messages').insert({ sender_id: from.id, property_id: propertyId, conversation_type: 'house', text });
    expect(error).toBeNull();
  };
  const sendPush = (now?: Date) =>
    fetch(`${t.url}/functions/v1/send-push`, {
      method: 'POST',
      headers: { authorization: `Bearer ${t.server.keys.serviceRoleKey}`, apikey: t.server.keys.serviceRoleKey, 'content-type': 'application/json' },
      body: JSON.stringify(now ? { now: now.toISOString() } : {}),
    });
  const pendingFor = async (user: TestUser) => {
    const { data, error } = await t.service().from('push_outbox').select('id, kind, not_before, message_count').eq('recipient_id', user.id).is('sent_at', null).is('dropped_at', null);
    expect(error).toBeNull();
    return data ?? [];
  };
  /** A guest with an accepted stay at the listing starting in 3 days: a house member the host may message. */
  const guestStaying = async (name: string, at: Listing, room = 0): Promise<TestUser> => {
    const user = await signUpAs(t, 'guest', name);
    await createBooking(t.server.ctx.db, { guestId: user.id, propertyId: at.propertyId, roomId: at.roomIds[room] as string, checkIn: 3, nights: 40, status: 'accepted' });
    return user;
  };
  const setPreferences = async (user: TestUser, preferences: Record<string, boolean>) => {
    const { error } = await user.client.from('notification_preferences').upsert({ user_id: user.id, ...preferences });
    expect(error).toBeNull();
  };

  beforeAll(async () => {
    t = await startTestServer({ engine });
    host = await signUpAs(t, 'host', 'Hana Host');
    listing = await createListing(host, 4, 200);
    guest = await guestStaying('Gina Guest', listing);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('keeps subscriptions to their owner: read and delete own rows only, no direct writes, register takes an endpoint over', async () => {
    const other = await guestStaying('Otto Other', listing, 1);
    const device = await subscribeBrowser();
    const { data: registered, error } = await register(guest, device);
    expect(error).toBeNull();
    expect(registered).toMatchObject({ user_id: guest.id, endpoint: device.endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth, user_agent: 'Test browser' });

    expect((await guest.client.from('push_subscriptions').select('id').eq('endpoint', device.endpoint)).data).toHaveLength(1);
    expect((await other.client.from('push_subscriptions').select('id').eq('endpoint', device.endpoint)).data).toEqual([]);
    expect((await t.anon().from('push_subscriptions').select('id')).error).not.toBeNull();
    await other.client.from('push_subscriptions').delete().eq('endpoint', device.endpoint);
    expect((await t.service().from('push_subscriptions').select('user_id').eq('endpoint', device.endpoint)).data).toEqual([{ user_id: guest.id }]);

    const direct = await guest.client.from('push_subscriptions').insert({ user_id: guest.id, endpoint: 'https://fcm.googleapis.com/fcm/send/direct', p256dh: device.keys.p256dh, auth: device.keys.auth });
    expect(direct.error?.code).toBe('42501');
    const edited = await guest.client.from('push_subscriptions').update({ user_id: other.id }).eq('endpoint', device.endpoint).select();
    expect(edited.error?.code).toBe('42501');

    // The same browser, now signed in as another user: the endpoint moves to them.
    expect((await register(other, device)).data).toMatchObject({ user_id: other.id });
    expect((await guest.client.from('push_subscriptions').select('id').eq('endpoint', device.endpoint)).data).toEqual([]);
    expect((await other.client.from('push_subscriptions').delete().eq('endpoint', device.endpoint).select('id')).data).toHaveLength(1);
    expect((await t.service().from('push_subscriptions').select('id').eq('endpoint', device.endpoint)).data).toEqual([]);

    expect((await t.anon().from('notification_preferences').select('user_id')).error).not.toBeNull();
    expect((await t.anon().rpc('register_push_subscription', { p_endpoint: device.endpoint, p_p256dh: device.keys.p256dh, p_auth: device.keys.auth, p_user_agent: null })).error).not.toBeNull();
  });

  it('validates what register_push_subscription stores', async () => {
    const device = await subscribeBrowser();
    const attempt = (endpoint: string, p256dh: string, auth: string) => guest.client.rpc('register_push_subscription', { p_endpoint: endpoint, p_p256dh: p256dh, p_auth: auth, p_user_agent: null });
    for (const endpoint of [
      'http://push.example.test/x',
      'ftp://push.example.test/x',
      'https://',
      'not a url',
      `https://fcm.googleapis.com/fcm/send/${'x'.repeat(2100)}`,
      // Only the browsers' push services: the function must not be made to POST to any host a user names.
      'https://internal.example.test/admin',
      'https://fcm.googleapis.com.evil.test/send/x',
      'https://evilpush.apple.com.attacker.test/x',
      'https://fcm.googleapis.com:8443/send/x',
    ]) {
      expect((await attempt(endpoint, device.keys.p256dh, device.keys.auth)).error?.code, endpoint).toBe('22023');
    }
    expect((await attempt(device.endpoint, device.keys.p256dh.slice(1), device.keys.auth)).error?.code).toBe('22023');
    expect((await attempt(device.endpoint, `A${device.keys.p256dh.slice(1)}`, device.keys.auth)).error?.code).toBe('22023');
    expect((await attempt(device.endpoint, device.keys.p256dh, `${device.keys.auth}AA`)).error?.code).toBe('22023');
    // Padded base64url is accepted and stored without padding; so are the push services' https endpoints.
    const padded = await attempt('https://web.push.apple.com/send/padded', device.keys.p256dh, `${device.keys.auth}==`);
    expect(padded.error).toBeNull();
    expect(padded.data).toMatchObject({ auth: device.keys.auth });
    await guest.client.from('push_subscriptions').delete().eq('endpoint', 'https://web.push.apple.com/send/padded');
    for (const endpoint of ['https://fcm.googleapis.com/fcm/send/abc:APA91b', 'https://updates.push.services.mozilla.com/wpush/v2/gAAA', 'https://wns2-par02p.notify.windows.com/w/?token=BQYAAA']) {
      expect((await attempt(endpoint, device.keys.p256dh, device.keys.auth)).error, endpoint).toBeNull();
      await guest.client.from('push_subscriptions').delete().eq('endpoint', endpoint);
    }
  });

  it('sends a host reply to the guest: one push, VAPID signed, the payload the service worker reads; a newer reply replaces it', async () => {
    guestDevice = await subscribeUser(guest);
    await sendDirect(host, guest, 'Welcome! The key is under the blue pot.');
    const [first, ...others] = await waitFor(() => received(guestDevice), (messages) => messages.length > 0);
    expect(others).toEqual([]);
    expect(first).toMatchObject({ urgency: 'high', ttl: 24 * 3600, vapidPublicKey: t.server.ctx.vapid.publicKey, vapidSubject: 'mailto:dev@nomadnest.test' });
    const payload = payloadOf(first);
    expect(Object.keys(payload).sort()).toEqual(['badge', 'body', 'icon', 'kind', 'tag', 'title', 'url']);
    expect(payload).toEqual({
      kind: 'message',
      title: 'Hana Host',
      body: 'Welcome! The key is under the blue pot.',
      icon: null,
      url: `/messages?conversation=${host.id}`,
      tag: first?.topic,
      badge: 1,
    });
    expect(first?.topic).toMatch(/^[A-Za-z0-9_-]{1,32}$/);

    // Not yet shown by the browser: the push service keeps only the newer push of the chat's topic.
    await sendDirect(host, guest, 'Also: wifi password is on the fridge.');
    const replaced = await waitFor(() => received(guestDevice), (messages) => payloadOf(messages[0]).body.startsWith('Also'));
    expect(replaced).toHaveLength(1);
    expect(payloadOf(replaced[0])).toMatchObject({ tag: first?.topic, badge: 2 });
    await markDelivered(replaced[0]);

    const long = 'x'.repeat(300);
    await sendDirect(host, guest, long);
    const [latest] = await waitFor(() => received(guestDevice), (messages) => messages.length === 2);
    expect(payloadOf(latest).body).toBe(`${'x'.repeat(119)}…`);
    await markDelivered(latest);
  });

  it('tells host and guest of booking decisions, as each one\'s settings allow', async () => {
    const hostDevice = await subscribeUser(host);
    const booker = await signUpAs(t, 'guest', 'Bea Booker');
    const bookerDevice = await subscribeUser(booker);
    const first = await createBooking(t.server.ctx.db, { guestId: booker.id, propertyId: listing.propertyId, roomId: listing.roomIds[2] as string, checkIn: 60, nights: 30, status: 'pending_payment' });
    await setBookingStatus(t.server.ctx.db, first, 'paid');
    const [request] = await waitFor(() => received(hostDevice), (messages) => messages.length > 0);
    expect(request).toMatchObject({ urgency: 'high', ttl: 4 * 24 * 3600 });
    expect(payloadOf(request)).toMatchObject({ kind: 'booking', title: 'New booking request', url: '/dashboard', tag: request?.topic });
    expect(payloadOf(request).body).toContain('Bea Booker requested Casa Azul');

    await setBookingStatus(t.server.ctx.db, first, 'declined');
    const [declined] = await waitFor(() => received(bookerDevice), (messages) => messages.length > 0);
    expect(payloadOf(declined)).toMatchObject({ kind: 'booking', title: 'Booking declined', url: '/dashboard' });
    expect(payloadOf(declined).body).toContain('Casa Azul');
    await markDelivered(declined);

    // booking_updates off: accepting the next request tells the guest nothing.
    await setPreferences(booker, { booking_updates: false });
    const second = await createBooking(t.server.ctx.db, { guestId: booker.id, propertyId: listing.propertyId, roomId: listing.roomIds[2] as string, checkIn: 100, nights: 30, status: 'paid' });
    await setBookingStatus(t.server.ctx.db, second, 'accepted');
    expect(await pendingFor(booker)).toEqual([]);
    expect((await sendPush()).status).toBe(200);
    expect(await received(bookerDevice)).toHaveLength(1);

    // messages off: a reply is not pushed either; the other kinds are independent.
    await setPreferences(guest, { messages: false });
    await sendDirect(host, guest, 'Are you there?');
    expect(await pendingFor(guest)).toEqual([]);
    expect((await sendPush()).status).toBe(200);
    expect(payloadOf((await received(guestDevice))[0]).body).not.toBe('Are you there?');
    await setPreferences(guest, { messages: true });
  });

  it('deletes a subscription its push service answers 410 or 404 for, and still reaches the live one', async () => {
    const expired = await subscribeUser(guest);
    expect((await fetch(`${t.url}/push/v1/subscriptions/${idOf(expired)}`, { method: 'DELETE' })).status).toBe(204);
    const spare = await subscribeBrowser();
    const unknown = { endpoint: `${t.url}/push/v1/send/NoSuchSubscription000`, keys: spare.keys };
    expect((await register(guest, unknown)).error).toBeNull();

    await sendDirect(host, guest, 'Checking in on your arrival time');
    await waitFor(() => received(guestDevice), (messages) => payloadOf(messages[0]).body === 'Checking in on your arrival time');
    const endpoints = await waitFor(
      async () => ((await t.service().from('push_subscriptions').select('endpoint').eq('user_id', guest.id)).data ?? []).map((row) => row.endpoint as string),
      (rows) => rows.length === 1,
    );
    expect(endpoints).toEqual([guestDevice.endpoint]);
    const { data: live } = await t.service().from('push_subscriptions').select('last_success_at').eq('endpoint', guestDevice.endpoint).single();
    expect(live?.last_success_at).not.toBeNull();
  });

  it('sends a due push once when two send-push runs race for it', async () => {
    const house = await createListing(host, 2, 150);
    const member = await guestStaying('Cora Concurrent', house);
    const device = await subscribeUser(member);
    await sendHouse(host, house.propertyId, 'Dinner at 8');
    const [first] = await waitFor(() => received(device), (messages) => messages.length === 1);
    await markDelivered(first);
    // Within 10 minutes of that push: the next one waits, and is due only at a later `now`.
    await sendHouse(host, house.propertyId, 'Bring a dessert');
    expect(await pendingFor(member)).toHaveLength(1);
    const later = new Date(Date.now() + 60 * 60 * 1000);
    const runs = await Promise.all([sendPush(later), sendPush(later)]);
    const reports = (await Promise.all(runs.map((run) => run.json()))) as { sent: number }[];
    expect(runs.map((run) => run.status)).toEqual([200, 200]);
    expect(reports.reduce((sum, report) => sum + report.sent, 0)).toBe(1);
    expect(await received(device)).toHaveLength(2);
  });

  it('batches house chat: one push at once, then one with the count 10 minutes after it', async () => {
    const house = await createListing(host, 2, 150);
    const member = await guestStaying('Hugo House', house);
    const device = await subscribeUser(member);
    const stranger = await signUpAs(t, 'guest', 'Sam Stranger');
    const strangerDevice = await subscribeUser(stranger);

    await sendHouse(host, house.propertyId, 'Welcome to the house!');
    const [first] = await waitFor(() => received(device), (messages) => messages.length === 1);
    expect(first).toMatchObject({ urgency: 'normal' });
    expect(payloadOf(first)).toMatchObject({ kind: 'house_chat', title: 'Casa Azul', body: 'Hana Host: Welcome to the house!', url: `/messages?house=${house.propertyId}`, tag: first?.topic });
    await markDelivered(first);

    await sendHouse(host, house.propertyId, 'Pool is being cleaned today');
    await sendHouse(host, house.propertyId, 'Tacos on Friday');
    const pending = await pendingFor(member);
    expect(pending).toHaveLength(1);
    expect(pending[0]).toMatchObject({ kind: 'house_chat', message_count: 2 });
    expect((await sendPush()).status).toBe(200);
    expect(await received(device)).toHaveLength(1);

    const advanced = await fetch(`${t.url}/_local/clock/advance`, { method: 'POST', headers: { apikey: t.server.keys.secretKey, 'content-type': 'application/json' }, body: JSON.stringify({ by: '10m' }) });
    expect(advanced.status).toBe(200);
    const [batched] = await waitFor(() => received(device), (messages) => messages.length === 2);
    expect(payloadOf(batched)).toMatchObject({ title: 'Casa Azul', body: '2 new messages in Casa Azul · Hana Host: Tacos on Friday', tag: first?.topic });
    // Not a member: nothing.
    expect(await received(strangerDevice)).toEqual([]);
  });

  it('lets only the service key run send-push or its SQL', async () => {
    expect((await invoke(guest.client, 'send-push', {})).status).toBe(403);
    expect((await invoke(host.client, 'send-push', {})).status).toBe(403);
    expect((await invoke(t.anon(), 'send-push', {})).status).toBe(401);
    for (const client of [guest.client, host.client, t.anon()]) {
      expect((await client.rpc('claim_push_outbox', { p_now: new Date().toISOString() })).error?.code).toBe('42501');
      expect((await client.rpc('record_push_result', { p_outbox_id: crypto.randomUUID(), p_outcome: 'sent' })).error?.code).toBe('42501');
      expect((await client.from('push_outbox').select('id')).error?.code).toBe('42501');
    }
  });
});
