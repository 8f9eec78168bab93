// Response compression as hosted Supabase's API gateway applies it (docs/local-backend-fidelity.md): the
// project's Envoy compresses answers of JSON and text types (PostgREST's own included) of at least 100 bytes,
// brotli before gzip, as the request's Accept-Encoding allows; never an answer that is already encoded, carries
// an ETag (storage's objects) or says no-transform; and adds Vary: Accept-Encoding to every answer it could
// compress. Only buffered answers reach here (REST, auth, storage JSON); objects stream untouched.
import { promisify } from 'node:util';
import { brotliCompress, brotliCompressSync, constants, gzip, gzipSync } from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

/** Envoy's min_content_length: below it the headers would outweigh what compression saves. */
export const compressionThreshold = 100;

/** The gateway's content_type list (compared without parameters such as charset or nulls=stripped). */
const compressibleTypes = new Set([
  'application/json', 'application/vnd.pgrst.object+json', 'application/vnd.pgrst.array+json', 'application/openapi+json',
  'application/geo+json', 'application/vnd.pgrst.plan', 'application/vnd.pgrst.object', 'application/vnd.pgrst.array', 'text/csv', 'application/javascript', 'application/xhtml+xml',
  'image/svg+xml', 'text/css', 'text/html', 'text/plain', 'text/xml',
]);

export type ResponseEncoding = 'br' | 'gzip';

/** The encoding of highest weight the client accepts (brotli on a tie), or null to answer as is. */
export function negotiateEncoding(acceptEncoding: string | undefined): ResponseEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.split(';').map((piece) => piece.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    const weight = q === undefined ? 1 : Number(q.slice(2));
    if (name) weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (name: string): number => weights.get(name) ?? weights.get('*') ?? 0;
  const best = Math.max(weightOf('br'), weightOf('gzip'));
  if (best <= 0 || (weights.get('identity') ?? 0) > best) return null;
  return weightOf('br') === best ? 'br' : 'gzip';
}

/** Envoy's defaults: brotli quality 3 with an 18-bit window, gzip's default level. */
const brotliOptions = (size: number) => ({ params: { [constants.BROTLI_PARAM_QUALITY]: 3, [constants.BROTLI_PARAM_LGWIN]: 18, [constants.BROTLI_PARAM_SIZE_HINT]: size } });
const compressAsync = { br: promisify(brotliCompress), gzip: promisify(gzip) };

/**
 * Below this a body is compressed on the event loop: tens of microseconds, less than the hop to zlib's thread
 * pool costs; above it (the catalogue, a long listing) off the loop, so other requests are not held up.
 */
const syncLimit = 64 * 1024;

function compress(encoding: ResponseEncoding, body: Uint8Array): Buffer | Promise<Buffer> {
  if (body.byteLength < syncLimit) return encoding === 'br' ? brotliCompressSync(body, brotliOptions(body.byteLength)) : gzipSync(body);
  return encoding === 'br' ? compressAsync.br(body, brotliOptions(body.byteLength)) : compressAsync.gzip(body);
}

/** Whether the gateway would look at this answer's body at all (type, status, headers). */
function mayCompress(method: string, response: Response): boolean {
  const headers = response.headers;
  if (method === 'HEAD' || !response.body || [204, 206, 304].includes(response.status)) return false;
  if (headers.has('content-encoding') || headers.has('etag') || /no-transform/i.test(headers.get('cache-control') ?? '')) return false;
  const declared = headers.get('content-length');
  if (declared !== null && Number(declared) < compressionThreshold) return false;
  return compressibleTypes.has((headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase());
}

function withVary(headers: Headers): void {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

/** Adds Vary: Accept-Encoding in place when the headers allow it; false when they are immutable. */
function addVaryInPlace(headers: Headers): boolean {
  try {
    withVary(headers);
    return true;
  } catch {
    return false;
  }
}

export const compressResponses: MiddlewareHandler = async (c, next) => {
  await next();
  const response = c.res;
  if (!mayCompress(c.req.method, response)) return;
  const encoding = negotiateEncoding(c.req.header('accept-encoding'));
  // A client that takes no compression gets the body as it is; only the Vary a cache needs is added
  // (also to an answer of unknown length under the threshold: harmless, and cheaper than reading it).
  if (!encoding && addVaryInPlace(response.headers)) return;
  const body = new Uint8Array(await response.arrayBuffer());
  const headers = new Headers(response.headers);
  let sent: Uint8Array<ArrayBuffer> = body;
  if (body.byteLength >= compressionThreshold) {
    withVary(headers);
    if (encoding) {
      const compressed = await compress(encoding, body);
      sent = new Uint8Array(compressed.buffer as ArrayBuffer, compressed.byteOffset, compressed.byteLength);
      headers.set('content-encoding', encoding);
    }
  }
  headers.set('content-length', String(sent.byteLength));
  // Unset first: assigning over a response makes Hono copy its headers (the old Content-Length) onto the new one.
  c.res = undefined;
  c.res = new Response(sent, { status: response.status, statusText: response.statusText, headers });
};
