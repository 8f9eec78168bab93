// The gateway in front of functions: the CLI's key → bearer mapping, then `verify_jwt` with hosted's
// refusals (docs/local-backend-fidelity.md, "Upstream suites"): 401 `{code, message}`, the code also in
// `sb-error-code`, as the CLI's edge-runtime main answers them.
import { decodeProtectedHeader } from 'jose';
import type { LocalKeys } from '../keys.ts';
import { verifyJwt } from '../keys.ts';

export type GatewayRefusalCode =
  | 'UNAUTHORIZED_NO_AUTH_HEADER'
  | 'UNAUTHORIZED_INVALID_JWT_FORMAT'
  | 'UNAUTHORIZED_LEGACY_JWT'
  | 'UNAUTHORIZED_ASYMMETRIC_JWT'
  | 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM';

export type GatewayAuth =
  | { ok: true; /** the Authorization header the function receives, if any */ authorization: string | null }
  | { ok: false; code: GatewayRefusalCode; message: string };

/** The 401 a refused call gets (`msg` is the legacy field the CLI keeps beside `message`). */
export function gatewayRefusal(refusal: { code: GatewayRefusalCode; message: string }): Response {
  return Response.json(
    { code: refusal.code, message: refusal.message, msg: refusal.message },
    { status: 401, headers: { 'sb-error-code': refusal.code, 'access-control-expose-headers': 'sb-error-code' } },
  );
}

/**
 * Keeps `Authorization` unless it is missing or an opaque `Bearer sb_…` key; then the secret key
 * becomes the service_role JWT, the publishable key the anon JWT, and any other apikey is the bearer.
 */
export function gatewayAuthorization(keys: LocalKeys, headers: Headers, url: URL): string | null {
  const authorization = headers.get('authorization');
  if (authorization && !/^bearer\s+sb_/i.test(authorization)) return authorization;
  const apiKey = headers.get('apikey') ?? url.searchParams.get('apikey');
  if (!apiKey) return authorization;
  if (apiKey === keys.secretKey) return `Bearer ${keys.serviceRoleKey}`;
  if (apiKey === keys.publishableKey) return `Bearer ${keys.anonKey}`;
  return `Bearer ${apiKey}`;
}

export async function checkGateway(keys: LocalKeys, headers: Headers, url: URL, verify: boolean): Promise<GatewayAuth> {
  const authorization = gatewayAuthorization(keys, headers, url);
  if (!verify) return { ok: true, authorization };
  if (!authorization) return { ok: false, code: 'UNAUTHORIZED_NO_AUTH_HEADER', message: 'Missing authorization header' };
  const invalidFormat = { ok: false, code: 'UNAUTHORIZED_INVALID_JWT_FORMAT', message: 'Invalid JWT format' } as const;
  const token = /^bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  if (!token) return invalidFormat;
  let algorithm: string | undefined;
  try {
    algorithm = decodeProtectedHeader(token).alg;
  } catch {
    return invalidFormat;
  }
  if (!algorithm) return invalidFormat;
  // The stand-in signs HS256 only, so an ES256/RS256 token never verifies.
  if (algorithm === 'ES256' || algorithm === 'RS256') return { ok: false, code: 'UNAUTHORIZED_ASYMMETRIC_JWT', message: 'Invalid JWT' };
  if (algorithm !== 'HS256') return { ok: false, code: 'UNAUTHORIZED_UNSUPPORTED_TOKEN_ALGORITHM', message: `Unsupported JWT algorithm ${algorithm}` };
  try {
    await verifyJwt(keys, token);
  } catch {
    return { ok: false, code: 'UNAUTHORIZED_LEGACY_JWT', message: 'Invalid JWT' };
  }
  return { ok: true, authorization };
}
