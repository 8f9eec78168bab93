// The part of `jsonwebtoken` that supabase-js's tests use with a shared secret (`sign(payload, secret)`: HS256,
// `iat` added unless given), so the upstream-suites bench needs no extra package. Other algorithms throw.
import { createHmac } from 'node:crypto';

function base64url(value: string): string {
  return Buffer.from(value).toString('base64url');
}

export function sign(payload: Record<string, unknown>, secret: unknown, options?: { algorithm?: string }): string {
  if (typeof secret !== 'string' || (options?.algorithm && options.algorithm !== 'HS256')) throw new Error('the bench\'s jsonwebtoken signs HS256 with a string secret only');
  const header = base64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = base64url(JSON.stringify({ iat: Math.floor(Date.now() / 1000), ...payload }));
  const signature = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${signature}`;
}

export default { sign };
