// The gateway in front of functions: the CLI's key → bearer mapping, then `verify_jwt`.
import type { LocalKeys } from '../keys.ts';
import { verifyJwt } from '../keys.ts';

export type GatewayAuth =
  | { ok: true; /** the Authorization header the function receives, if any */ authorization: string | null }
  | { ok: false; msg: string };

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
  if (!authorization) return { ok: false, msg: 'Error: Missing authorization header' };
  const token = /^bearer\s+(\S+)$/i.exec(authorization.trim())?.[1];
  if (!token) return { ok: false, msg: 'Invalid JWT' };
  try {
    await verifyJwt(keys, token);
  } catch {
    return { ok: false, msg: 'Invalid JWT' };
  }
  return { ok: true, authorization };
}
