// The application server's half of Web Push, on WebCrypto alone (it runs on Deno and on Node): message
// encryption (RFC 8291, aes128gcm of RFC 8188 in one record) and VAPID (RFC 8292, an ES256 JWT).
// docs/decisions/push-web-crypto.md says why no npm package does this.

export interface PushSubscriptionKeys {
  endpoint: string;
  /** base64url of the user agent's uncompressed P-256 public key (65 bytes) */
  p256dh: string;
  /** base64url of the 16-byte auth secret */
  auth: string;
}

export interface VapidKeys {
  /** base64url of the uncompressed P-256 public key (65 bytes): the app's applicationServerKey */
  publicKey: string;
  /** base64url of the 32-byte private scalar d (the web-push convention) */
  privateKey: string;
  /** mailto: or https: contact of the application server */
  subject: string;
}

export type Urgency = 'very-low' | 'low' | 'normal' | 'high';

export interface PushOptions {
  /** seconds the push service keeps an undelivered push */
  ttl: number;
  urgency: Urgency;
  /** replaces an undelivered push of the same topic (≤ 32 base64url characters) */
  topic?: string;
}

/** RFC 8291 §4: a push service must accept 4096 bytes of body; one record of that size is what we send. */
export const recordSize = 4096;
const headerLength = 16 + 4 + 1 + 65;
const tagLength = 16;
/** Largest plaintext that fits: the body is header + plaintext + delimiter + tag ≤ 4096 bytes. */
export const maxPlaintextBytes = recordSize - headerLength - 1 - tagLength;
/** RFC 8292 §2 allows 24 h; half of it leaves room for clock skew at the push service. */
const jwtLifetimeSeconds = 12 * 3600;

export class PushPayloadTooLarge extends Error {
  constructor(bytes: number) {
    super(`A push payload may be at most ${maxPlaintextBytes} bytes, not ${bytes}`);
    this.name = 'PushPayloadTooLarge';
  }
}

const encoder = new TextEncoder();

export function base64urlEncode(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

export function base64urlDecode(text: string): Uint8Array<ArrayBuffer> {
  const base64 = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  const binary = atob(base64 + '='.repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(binary.length);
  for (let index = 0; index < binary.length; index++) bytes[index] = binary.charCodeAt(index);
  return bytes;
}

function concat(...parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const out = new Uint8Array(parts.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
}

function p256Point(base64url: string, what: string): Uint8Array<ArrayBuffer> {
  const raw = base64urlDecode(base64url);
  if (raw.length !== 65 || raw[0] !== 0x04) throw new Error(`${what} must be an uncompressed P-256 point (65 bytes, base64url)`);
  return raw;
}

async function hkdf(salt: Uint8Array<ArrayBuffer>, ikm: Uint8Array<ArrayBuffer>, info: Uint8Array<ArrayBuffer>, bytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', ikm, 'HKDF', false, ['deriveBits']);
  return new Uint8Array(await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt, info }, key, bytes * 8));
}

/**
 * Encrypts a push message for one subscription (RFC 8291 §3.4): an ephemeral ECDH key, the auth secret
 * and a random salt make the content key and nonce; the plaintext is one record ending in 0x02.
 */
export async function encryptPushPayload(plaintext: Uint8Array, subscription: Pick<PushSubscriptionKeys, 'p256dh' | 'auth'>): Promise<Uint8Array<ArrayBuffer>> {
  if (plaintext.length > maxPlaintextBytes) throw new PushPayloadTooLarge(plaintext.length);
  const uaPublic = p256Point(subscription.p256dh, 'p256dh');
  const authSecret = base64urlDecode(subscription.auth);
  if (authSecret.length !== 16) throw new Error('auth must be a 16-byte secret (base64url)');

  const uaKey = await crypto.subtle.importKey('raw', uaPublic, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = (await crypto.subtle.generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const asPublic = new Uint8Array(await crypto.subtle.exportKey('raw', ephemeral.publicKey));
  const sharedSecret = new Uint8Array(await crypto.subtle.deriveBits({ name: 'ECDH', public: uaKey }, ephemeral.privateKey, 256));

  const keyInfo = concat(encoder.encode('WebPush: info\0'), uaPublic, asPublic);
  const ikm = await hkdf(authSecret, sharedSecret, keyInfo, 32);
  const salt = crypto.getRandomValues(new Uint8Array(16));
  const contentKey = await hkdf(salt, ikm, encoder.encode('Content-Encoding: aes128gcm\0'), 16);
  const nonce = await hkdf(salt, ikm, encoder.encode('Content-Encoding: nonce\0'), 12);

  const aesKey = await crypto.subtle.importKey('raw', contentKey, 'AES-GCM', false, ['encrypt']);
  const record = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: nonce }, aesKey, concat(plaintext, new Uint8Array([0x02]))));

  const header = new Uint8Array(headerLength);
  header.set(salt, 0);
  new DataView(header.buffer).setUint32(16, recordSize);
  header[20] = asPublic.length;
  header.set(asPublic, 21);
  return concat(header, record);
}

/** The VAPID private key as a WebCrypto ECDSA key (JWK: x and y from the public point, d the scalar). */
function vapidSigningKey(keys: VapidKeys): Promise<CryptoKey> {
  const point = p256Point(keys.publicKey, 'VAPID_PUBLIC_KEY');
  const d = base64urlDecode(keys.privateKey);
  if (d.length !== 32) throw new Error('VAPID_PRIVATE_KEY must be the 32-byte private scalar (base64url)');
  const jwk: JsonWebKey = {
    kty: 'EC',
    crv: 'P-256',
    x: base64urlEncode(point.subarray(1, 33)),
    y: base64urlEncode(point.subarray(33)),
    d: base64urlEncode(d),
    ext: false,
  };
  return crypto.subtle.importKey('jwk', jwk, { name: 'ECDSA', namedCurve: 'P-256' }, false, ['sign']);
}

/**
 * `Authorization: vapid t=<JWT>, k=<public key>` for one endpoint (RFC 8292 §3): aud is the endpoint's
 * origin, exp 12 hours on, sub the contact. WebCrypto's ECDSA signature is already r||s, as JWS wants.
 */
export async function vapidAuthorization(endpoint: string, keys: VapidKeys, nowSeconds = Math.floor(Date.now() / 1000)): Promise<string> {
  const header = base64urlEncode(encoder.encode(JSON.stringify({ typ: 'JWT', alg: 'ES256' })));
  const claims = base64urlEncode(encoder.encode(JSON.stringify({ aud: new URL(endpoint).origin, exp: nowSeconds + jwtLifetimeSeconds, sub: keys.subject })));
  const signingInput = `${header}.${claims}`;
  const signature = new Uint8Array(await crypto.subtle.sign({ name: 'ECDSA', hash: 'SHA-256' }, await vapidSigningKey(keys), encoder.encode(signingInput)));
  return `vapid t=${signingInput}.${base64urlEncode(signature)}, k=${keys.publicKey}`;
}

/** The request that delivers `payload` to one subscription (RFC 8030 §5 with the headers above). */
export async function buildPushRequest(subscription: PushSubscriptionKeys, payload: string, options: PushOptions, vapid: VapidKeys): Promise<Request> {
  const body = await encryptPushPayload(encoder.encode(payload), subscription);
  const headers: Record<string, string> = {
    TTL: String(Math.max(0, Math.floor(options.ttl))),
    Urgency: options.urgency,
    'Content-Encoding': 'aes128gcm',
    'Content-Type': 'application/octet-stream',
    Authorization: await vapidAuthorization(subscription.endpoint, vapid),
  };
  if (options.topic) headers.Topic = options.topic;
  // A redirect is the push service's failure, never followed: it could send the push anywhere.
  return new Request(subscription.endpoint, { method: 'POST', headers, body, redirect: 'manual' });
}
