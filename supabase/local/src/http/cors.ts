import { cors } from 'hono/cors';

// supabase-js's corsHeaders list plus what the PostgREST/Storage/Auth calls send (supabase-wire.md §0.2).
export const corsAllowHeaders = [
  'authorization', 'x-client-info', 'apikey', 'content-type', 'x-retry-count', 'traceparent', 'tracestate', 'baggage',
  'prefer', 'range', 'range-unit', 'accept-profile', 'content-profile', 'x-upsert', 'cache-control', 'x-metadata',
  'x-supabase-api-version', 'x-region', 'accept', 'content-length',
];

export const corsMiddleware = cors({
  origin: '*',
  allowMethods: ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'],
  allowHeaders: corsAllowHeaders,
  exposeHeaders: ['Content-Range', 'Content-Location', 'Preference-Applied', 'X-Supabase-Api-Version', 'Location', 'Range-Unit'],
  maxAge: 86400,
});
