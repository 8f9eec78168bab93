// Postgres text cannot hold a NUL character: a NUL that reaches a query is a 22P05/22021 error (a 500
// that echoes the Postgres text) or, inside SQL text, a broken connection. One guard refuses it at the
// door of each area, in that area's own error shape (docs/decisions/nul-characters.md).
import type { Context, MiddlewareHandler } from 'hono';

export const nulMessage = 'The request contains a NUL character, which is not allowed';

/** Whether a decoded JSON value holds a NUL in any string or object key. */
export function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (Array.isArray(value)) return value.some(containsNul);
  if (typeof value === 'object' && value !== null) return Object.entries(value).some(([key, item]) => key.includes('\u0000') || containsNul(item));
  return false;
}

/** `%00` in the path or query (a raw NUL never gets past Node's HTTP parser). */
function urlHasNul(url: string): boolean {
  return /%00/i.test(url);
}

function mediaType(c: Context): string {
  return (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
}

/** A JSON or form body of the request, decoded; undefined when there is none or it does not parse. */
async function decodedBody(c: Context): Promise<unknown> {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return undefined;
  const type = mediaType(c);
  const isJson = type === 'application/json' || type.endsWith('+json');
  const isForm = type === 'application/x-www-form-urlencoded';
  if (!isJson && !isForm) return undefined;
  // Hono keeps the text, so the route reads the same body afterwards.
  const text = await c.req.text();
  if (text.includes('\u0000')) return text;
  if (isForm) return [...new URLSearchParams(text)].flat();
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined; // the route answers its own "invalid JSON"
  }
}

export interface NulGuardOptions {
  /** the area's 400 answer */
  reject: (c: Context) => Response | Promise<Response>;
  /** whether JSON and form bodies are checked too (not where a body is a stored file) */
  bodies?: boolean;
}

export function nulGuard({ reject, bodies = true }: NulGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    if (urlHasNul(c.req.url) || (bodies && containsNul(await decodedBody(c)))) return reject(c);
    await next();
  };
}
