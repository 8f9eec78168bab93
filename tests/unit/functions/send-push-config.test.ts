// send-push without VAPID keys answers 503 with what to set, and only to the service key.
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import handler from '../../../supabase/functions/send-push/handler.ts';
import { vapidKeysFromEnv } from '../../../supabase/functions/_shared/push-delivery.ts';

const names = ['SUPABASE_URL', 'SUPABASE_SERVICE_ROLE_KEY', 'VAPID_PUBLIC_KEY', 'VAPID_PRIVATE_KEY', 'VAPID_SUBJECT'] as const;
const publicKey = `B${'A'.repeat(86)}`;
const privateKey = 'A'.repeat(43);

describe('send-push configuration', () => {
  // supabase-js needs a WebSocket on Node 20; the stand-in installs this one for the functions it runs.
  beforeAll(() => {
    (globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;
  });
  const saved: Partial<Record<string, string>> = {};
  beforeEach(() => {
    for (const name of names) {
      saved[name] = process.env[name];
      delete process.env[name];
    }
    process.env.SUPABASE_URL = 'http://127.0.0.1:9';
    process.env.SUPABASE_SERVICE_ROLE_KEY = 'service-key-for-test';
  });
  afterEach(() => {
    for (const name of names) {
      if (saved[name] === undefined) delete process.env[name];
      else process.env[name] = saved[name];
    }
  });

  it('answers 503 naming the missing variables, never crashing', async () => {
    process.env.VAPID_SUBJECT = 'mailto:ops@nomadnest.test';
    const response = await handler(new Request('http://local/functions/v1/send-push', { method: 'POST', headers: { authorization: 'Bearer service-key-for-test' } }));
    expect(response.status).toBe(503);
    expect(await response.json()).toEqual({ code: 'push_not_configured', error: 'Push is not configured: set VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY' });
  });

  it('checks the caller before saying anything about its configuration', async () => {
    const response = await handler(new Request('http://local/functions/v1/send-push', { method: 'POST' }));
    expect(response.status).toBe(401);
  });

  it('reads well-formed keys and explains malformed ones', () => {
    Object.assign(process.env, { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'https://nomadnest.test/contact' });
    expect(vapidKeysFromEnv()).toEqual({ keys: { publicKey, privateKey, subject: 'https://nomadnest.test/contact' } });
    process.env.VAPID_PRIVATE_KEY = 'short';
    expect(vapidKeysFromEnv()).toEqual({ problem: expect.stringContaining('VAPID_PRIVATE_KEY') as unknown });
    Object.assign(process.env, { VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: 'ops@nomadnest.test' });
    expect(vapidKeysFromEnv()).toEqual({ problem: expect.stringContaining('VAPID_SUBJECT') as unknown });
  });
});
