import type { MiddlewareHandler } from 'hono';
import { cors } from 'hono/cors';

// supabase-js's corsHeaders list plus what the PostgREST/Storage/Auth calls send.
export const corsAllowHeaders = [
  'authorization', 'x-client-info', 'apikey', 'content-type', 'x-retry-count', 'traceparent', 'tracestate', 'baggage',
  'prefer', 'range', 'range-unit', 'accept-profile', 'content-profile', 'x-upsert', 'cache-control', 'x-metadata',
  'x-supabase-api-version', 'x-region', 'accept', 'content-length',
];

const exposeHeaders = ['Content-Range', 'Content-Location', 'Preference-Applied', 'X-Supabase-Api-Version', 'Location', 'Range-Unit'];

const preflight = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: corsAllowHeaders,
  exposeHeaders,
  maxAge: 86400,
});

/**
 * hono's cors answers preflights; on other requests it creates the response before the handler runs, so
 * hono then rebuilds the handler's response from its body stream (a third of a REST request's HTTP cost).
 * Setting the same two headers on the handler's own response afterwards gives the same answer.
 */
export const corsMiddleware: MiddlewareHandler = async (c, next) => {
  if (c.req.method === 'OPTIONS') return preflight(c, next);
  await next();
  const addHeaders = (headers: Headers): void => {
    headers.set('Access-Control-Allow-Origin', '*');
    headers.set('Access-Control-Expose-Headers', exposeHeaders.join(','));
  };
  try {
    addHeaders(c.res.headers);
  } catch {
    // A response with immutable headers (one passed on from fetch): copy it, then add them.
    c.res = new Response(c.res.body, c.res);
    addHeaders(c.res.headers);
  }
};
