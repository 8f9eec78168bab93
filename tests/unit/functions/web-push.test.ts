// The functions' Web Push crypto (WebCrypto only) against two independent implementations: the push
// double's decryption and VAPID check (node:crypto), and the `web-push` library's key format.
import webpush from 'web-push';
import { describe, expect, it } from 'vitest';
import {
  base64urlDecode,
  base64urlEncode,
  buildPushRequest,
  encryptPushPayload,
  maxPlaintextBytes,
  PushPayloadTooLarge,
  vapidAuthorization,
} from '../../../supabase/functions/_shared/web-push.ts';
import { decryptPushPayload, generateUserAgentKeys } from '../../../supabase/local/src/push/push-crypto.ts';
import { verifyVapid } from '../../../supabase/local/src/push/vapid.ts';

const encoder = new TextEncoder();

describe('encryptPushPayload (RFC 8291 aes128gcm)', () => {
  it('is decrypted by the push double with the subscription keys', async () => {
    const ua = generateUserAgentKeys();
    const text = JSON.stringify({ title: 'Maya', body: 'See you at 8 ✓', badge: 2 });
    const body = await encryptPushPayload(encoder.encode(text), ua);
    expect(Buffer.from(body.subarray(16, 20)).readUInt32BE(0)).toBe(4096);
    expect(body[20]).toBe(65);
    expect(decryptPushPayload(Buffer.from(body), ua).toString('utf8')).toBe(text);
    // A fresh ephemeral key and salt per message.
    const again = await encryptPushPayload(encoder.encode(text), ua);
    expect(Buffer.from(again).equals(Buffer.from(body))).toBe(false);
  });

  it('fills one 4096-byte record at most, and refuses more', async () => {
    const ua = generateUserAgentKeys();
    const largest = new Uint8Array(maxPlaintextBytes).fill(0x61);
    const body = await encryptPushPayload(largest, ua);
    expect(body.length).toBe(4096);
    expect(decryptPushPayload(Buffer.from(body), ua).length).toBe(maxPlaintextBytes);
    await expect(encryptPushPayload(new Uint8Array(maxPlaintextBytes + 1), ua)).rejects.toBeInstanceOf(PushPayloadTooLarge);
  });

  it('does not decrypt with another subscription secret', async () => {
    const ua = generateUserAgentKeys();
    const body = await encryptPushPayload(encoder.encode('hi'), ua);
    expect(() => decryptPushPayload(Buffer.from(body), { ...ua, auth: generateUserAgentKeys().auth })).toThrow(/does not decrypt/);
  });
});

describe('vapidAuthorization (RFC 8292)', () => {
  const keys = { ...webpush.generateVAPIDKeys(), subject: 'mailto:dev@nomadnest.test' };

  it('signs a JWT the push double verifies, with web-push keys, aud the endpoint origin and exp 12 h on', async () => {
    const now = Math.floor(Date.now() / 1000);
    const header = await vapidAuthorization('https://push.example.test:8443/send/abc?x=1', keys, now);
    expect(verifyVapid(header, ['https://push.example.test:8443'], now)).toEqual({ subject: keys.subject, publicKey: keys.publicKey });
    const claims = JSON.parse(Buffer.from(header.split(' ')[1]?.split('.')[1] ?? '', 'base64url').toString('utf8')) as Record<string, unknown>;
    expect(claims).toEqual({ aud: 'https://push.example.test:8443', exp: now + 12 * 3600, sub: keys.subject });
    expect(() => verifyVapid(header, ['https://other.example.test'], now)).toThrow(/aud/);
  });

  it('refuses keys that are not P-256', async () => {
    await expect(vapidAuthorization('https://push.example.test/x', { ...keys, privateKey: 'AAAA' })).rejects.toThrow(/32-byte/);
    await expect(vapidAuthorization('https://push.example.test/x', { ...keys, publicKey: 'AAAA' })).rejects.toThrow(/65 bytes/);
  });

  it('builds the request with TTL, Urgency, Topic and the encrypted body', async () => {
    const ua = generateUserAgentKeys();
    const request = await buildPushRequest({ endpoint: 'https://push.example.test/send/1', p256dh: ua.p256dh, auth: ua.auth }, 'hello', { ttl: 3600, urgency: 'high', topic: 'chat1' }, keys);
    expect(request.method).toBe('POST');
    expect(Object.fromEntries(['ttl', 'urgency', 'topic', 'content-encoding'].map((name) => [name, request.headers.get(name)]))).toEqual({ ttl: '3600', urgency: 'high', topic: 'chat1', 'content-encoding': 'aes128gcm' });
    expect(verifyVapid(request.headers.get('authorization') ?? '', ['https://push.example.test']).publicKey).toBe(keys.publicKey);
    expect(decryptPushPayload(Buffer.from(await request.arrayBuffer()), ua).toString('utf8')).toBe('hello');
  });
});

it('base64url round-trips every byte value', () => {
  const bytes = Uint8Array.from({ length: 256 }, (_, index) => index);
  expect(base64urlEncode(bytes)).toBe(Buffer.from(bytes).toString('base64url'));
  expect(Array.from(base64urlDecode(Buffer.from(bytes).toString('base64url')))).toEqual(Array.from(bytes));
});
