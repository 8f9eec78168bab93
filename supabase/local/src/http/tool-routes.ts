// The stand-in's tool routes (mailbox, push double, Stripe test helpers) answer without an API key, as
// a developer's inbox page does. What keeps other web pages out (docs/decisions/tool-routes-guard.md):
// the Host check (host-guard.ts) against DNS rebinding, CORS for loopback origins only, and no POST
// that a cross-site page could send without a preflight.
import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';
import type { LocalKeys } from '../keys.ts';
import { isLoopbackHost } from './host-guard.ts';

/** `http://localhost:5173`, `http://127.0.0.1:4173`: the app on this machine (dev server, preview, e2e). */
export function isLoopbackOrigin(origin: string): boolean {
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && isLoopbackHost(url.hostname);
  } catch {
    return false;
  }
}

/** CORS that names a loopback origin back, never `*`: pages of other sites cannot read or preflight. */
export const toolCors: MiddlewareHandler = cors({
  origin: (origin) => (isLoopbackOrigin(origin) ? origin : null),
  allowMethods: ['GET', 'POST', 'DELETE', 'OPTIONS'],
  allowHeaders: ['content-type'],
  maxAge: 600,
});

function isJson(contentType: string | undefined): boolean {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  return type === 'application/json' || type.endsWith('+json');
}

export function carriesServiceKey(keys: LocalKeys, headers: Headers): boolean {
  const secrets = [keys.serviceRoleKey, keys.secretKey];
  const bearer = /^bearer\s+(\S+)$/i.exec(headers.get('authorization')?.trim() ?? '')?.[1];
  return secrets.includes(headers.get('apikey') ?? '') || (bearer !== undefined && secrets.includes(bearer));
}

/**
 * POST is the one state-changing method a page may send cross-site without a preflight (a form, or
 * fetch with a text/plain body): a tool route takes it only with a JSON body, which needs a preflight,
 * or with the service key. PUT, PATCH and DELETE always preflight, and toolCors refuses other sites.
 */
export function toolWriteGuard(keys: LocalKeys): MiddlewareHandler {
  return async (c, next) => {
    if (c.req.method === 'POST' && !isJson(c.req.header('content-type')) && !carriesServiceKey(keys, c.req.raw.headers)) {
      return c.json({ error: 'unsupported_media_type', message: 'Send a JSON body (Content-Type: application/json) or the service key' }, 415);
    }
    await next();
  };
}
