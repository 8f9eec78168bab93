// Checks of the VAPID `Authorization` header (RFC 8292) a push service makes before it accepts a push.
import { createPublicKey, verify } from 'node:crypto';

export interface VapidIdentity {
  /** the `sub` claim: mailto: or https: contact of the application server */
  subject: string;
  /** the `k` parameter, base64url of the uncompressed P-256 public key */
  publicKey: string;
}

/**
 * `status` is 401 when vapid authentication is absent and 403 when it is present but invalid
 * (RFC 8292 §4.2: "401 ... if the authentication is absent; 403 ... if the authentication is invalid").
 */
export class VapidError extends Error {
  constructor(
    readonly status: 401 | 403,
    message: string,
  ) {
    super(message);
    this.name = 'VapidError';
  }
}

const maxLifetimeSeconds = 24 * 3600;
// An application server that sets exp to exactly now + 24 h must not fail on a second of clock drift.
const skewSeconds = 60;

/** `vapid t=<jwt>, k=<key>` → its parameters (RFC 8292 §3). */
function parseVapidHeader(authorization: string | undefined): { t: string; k: string } {
  const match = /^vapid\s+(.*)$/i.exec(authorization?.trim() ?? '');
  if (!match?.[1]) throw new VapidError(401, 'A restricted subscription needs `Authorization: vapid t=<JWT>, k=<public key>`');
  const params = new Map<string, string>();
  for (const part of match[1].split(',')) {
    const eq = part.indexOf('=');
    if (eq > 0) params.set(part.slice(0, eq).trim().toLowerCase(), part.slice(eq + 1).trim().replace(/^"(.*)"$/, '$1'));
  }
  const t = params.get('t');
  const k = params.get('k');
  if (!t || !k) throw new VapidError(403, 'The vapid credentials need both t (the JWT) and k (the public key)');
  return { t, k };
}

function publicKeyObject(k: string) {
  const raw = Buffer.from(k, 'base64url');
  if (raw.length !== 65 || raw[0] !== 0x04) throw new VapidError(403, 'k must be an uncompressed P-256 public key (65 bytes, base64url)');
  return createPublicKey({
    key: { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33).toString('base64url') },
    format: 'jwk',
  });
}

function decodeJson(part: string | undefined, what: string): Record<string, unknown> {
  try {
    const value: unknown = JSON.parse(Buffer.from(part ?? '', 'base64url').toString('utf8'));
    if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
  } catch {
    // falls through to the error below
  }
  throw new VapidError(403, `The JWT ${what} is not a JSON object`);
}

/**
 * Verifies the header's ES256 JWT with its `k` key and the claims of RFC 8292 §2: `aud` one of the
 * push service's origins, `exp` in the future and at most 24 hours ahead, `sub` a mailto: or https: URL
 * (optional in the RFC, but Apple's push service refuses pushes without one, so the double does too).
 */
export function verifyVapid(authorization: string | undefined, audiences: string[], nowSeconds = Math.floor(Date.now() / 1000)): VapidIdentity {
  const { t, k } = parseVapidHeader(authorization);
  const key = publicKeyObject(k);
  const [headerPart, payloadPart, signaturePart, ...rest] = t.split('.');
  if (!headerPart || !payloadPart || !signaturePart || rest.length) throw new VapidError(403, 'The JWT must have three parts');
  const header = decodeJson(headerPart, 'header');
  if (header.alg !== 'ES256') throw new VapidError(403, `The JWT must be signed with ES256, not ${String(header.alg)}`);
  const signed = verify('sha256', Buffer.from(`${headerPart}.${payloadPart}`), { key, dsaEncoding: 'ieee-p1363' }, Buffer.from(signaturePart, 'base64url'));
  if (!signed) throw new VapidError(403, 'The JWT signature does not verify with k');

  const claims = decodeJson(payloadPart, 'payload');
  if (typeof claims.aud !== 'string' || !audiences.includes(claims.aud)) {
    throw new VapidError(403, `The JWT aud must be the push service's origin ${audiences[0] ?? ''}, not ${String(claims.aud)}`);
  }
  if (typeof claims.exp !== 'number') throw new VapidError(403, 'The JWT has no exp');
  if (claims.exp <= nowSeconds) throw new VapidError(403, 'The JWT has expired');
  if (claims.exp > nowSeconds + maxLifetimeSeconds + skewSeconds) throw new VapidError(403, 'The JWT exp is more than 24 hours ahead');
  if (typeof claims.sub !== 'string' || !/^(mailto:.+@.+|https:\/\/.+)$/.test(claims.sub)) {
    throw new VapidError(403, 'The JWT sub must be a mailto: or https: contact of the application server');
  }
  return { subject: claims.sub, publicKey: k };
}
