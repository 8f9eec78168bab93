// Push endpoints are an SSRF surface: a signed-in user names a URL and send-push POSTs to it. The rule
// (migration 20250601002300): https on the browsers' push services, or the stand-in's own push double
// at its exact origin; never another local port or path, and a redirect is a failure, not followed.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { functionsRuntimeEnv } from '../../../supabase/local/src/functions/create-runtime.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

interface Listener {
  url: string;
  hits: string[];
  close(): Promise<void>;
}

/** A local HTTP server that records what reaches it and answers with `answer`. */
async function listener(answer: (res: http.ServerResponse) => void): Promise<Listener> {
  const hits: string[] = [];
  const server = http.createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    req.resume();
    req.on('end', () => answer(res));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    hits,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

describe.each(testEngines)('push endpoint origin on %s', (engine) => {
  let t: TestServer;
  let user: TestUser;
  let victim: Listener;

  beforeAll(async () => {
    t = await startTestServer({ engine });
    user = await t.signUp(`push.origin.${Date.now()}@example.com`);
    victim = await listener((res) => res.writeHead(201).end());
  });
  afterEach(() => {
    vi.restoreAllMocks();
  });
  afterAll(async () => {
    await victim?.close();
    await t?.close();
  });

  const subscribeAtDouble = async (at: TestServer = t): Promise<BrowserSubscription> => {
    const response = await fetch(`${at.url}/push/v1/subscriptions`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ applicationServerKey: at.server.ctx.vapid.publicKey }) });
    expect(response.status).toBe(201);
    return (await response.json()) as BrowserSubscription;
  };
  const register = (endpoint: string, keys: BrowserSubscription['keys']) =>
    user.client.rpc('register_push_subscription', { p_endpoint: endpoint, p_p256dh: keys.p256dh, p_auth: keys.auth });

  /** Queues one push for the user and waits until send-push has settled it (the dispatcher runs on the insert). */
  const pushAndSettle = async (at: TestServer = t, to: TestUser = user): Promise<{ sent_at: string | null; dropped_at: string | null; last_error: string | null }> => {
    const topic = `t${Math.random().toString(36).slice(2, 12)}`;
    const { data, error } = await at.service().from('push_outbox').insert({
      recipient_id: to.id, kind: 'message', topic, payload: { kind: 'message', title: 'Hi', body: 'there', icon: null, url: '/messages', tag: topic },
    }).select('id').single();
    expect(error).toBeNull();
    const deadline = Date.now() + 15_000;
    for (;;) {
      const row = await at.service().from('push_outbox').select('sent_at, dropped_at, last_error, not_before').eq('id', data!.id).single();
      // A retry (network error) is settled for this test too: it was not delivered.
      if (row.data && (row.data.sent_at || row.data.dropped_at || row.data.last_error)) return row.data;
      if (Date.now() > deadline) throw new Error(`push ${data!.id} not settled: ${JSON.stringify(row.data)}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  it('registers only the push services and the push double at its own origin', async () => {
    const device = await subscribeAtDouble();
    const other = new URL(victim.url);
    for (const endpoint of [
      `${victim.url}/push/v1/send/${device.endpoint.split('/').pop()}`,
      `${victim.url}/anything`,
      `http://localhost:${other.port}/push/v1/send/abc`,
      `${t.url}/rest/v1/rpc/whatever`,
      `${t.url}/push/v1/send/../../rest/v1/x`,
      'https://evil.example/push',
    ]) {
      const { error } = await register(endpoint, device.keys);
      expect(error?.code, endpoint).toBe('22023');
    }
    const { error } = await register(device.endpoint, device.keys);
    expect(error).toBeNull();
  });

  it('never sends to another local port, even when the row got there some other way', async () => {
    const device = await subscribeAtDouble();
    await t.service().from('push_subscriptions').delete().eq('user_id', user.id);
    const { error } = await t.service().from('push_subscriptions').insert({ user_id: user.id, endpoint: `${victim.url}/push/v1/send/abc`, p256dh: device.keys.p256dh, auth: device.keys.auth });
    expect(error).toBeNull();
    const outcome = await pushAndSettle();
    expect(outcome.sent_at).toBeNull();
    expect(victim.hits).toEqual([]);
  });

  it('does not follow a redirect from a push service: a 3xx is a failure', async () => {
    // send-push runs in this process here (the Node functions runtime), so the test can put a redirecting
    // server where the push service would be: only that address changes, fetch (redirects included) is real.
    vi.stubEnv(functionsRuntimeEnv, 'node');
    const local = await startTestServer({ engine });
    vi.unstubAllEnvs();
    const redirector = await listener((res) => res.writeHead(307, { location: `${victim.url}/stolen` }).end());
    try {
      expect(local.server.functionsRuntime).toBe('node');
      const owner = await local.signUp(`push.redirect.${Date.now()}@example.com`);
      const device = await subscribeAtDouble(local);
      const endpoint = 'https://fcm.googleapis.com/fcm/send/redirect-test';
      const { error } = await local.service().from('push_subscriptions').insert({ user_id: owner.id, endpoint, p256dh: device.keys.p256dh, auth: device.keys.auth });
      expect(error).toBeNull();
      const realFetch = globalThis.fetch;
      vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
        const request = input instanceof Request ? input : null;
        if (!request?.url.startsWith(endpoint)) return realFetch(input, init);
        return realFetch(`${redirector.url}/push`, {
          method: request.method,
          headers: request.headers,
          // A Blob, which fetch can send again on a 307 (Node 20's fetch cannot resend an ArrayBuffer; Deno can).
          body: new Blob([await request.arrayBuffer()]),
          redirect: init?.redirect ?? request.redirect,
          signal: init?.signal ?? null,
        });
      });
      const outcome = await pushAndSettle(local, owner);
      expect(redirector.hits).toEqual(['POST /push']);
      expect(victim.hits).toEqual([]);
      expect(outcome.sent_at).toBeNull();
      expect(outcome.last_error).toContain('307');
    } finally {
      vi.restoreAllMocks();
      await redirector.close();
      await local.close();
    }
  });
});
