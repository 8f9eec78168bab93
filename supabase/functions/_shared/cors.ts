// CORS for functions called from the browser through supabase-js (`functions.invoke`), which sends
// the apikey, authorization, x-client-info and content-type headers.

export const corsHeaders: Readonly<Record<string, string>> = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Headers': 'authorization, x-client-info, apikey, content-type, x-region',
  'Access-Control-Allow-Methods': 'POST, OPTIONS',
  'Access-Control-Max-Age': '86400',
};

export function preflightResponse(): Response {
  return new Response(null, { status: 204, headers: corsHeaders });
}
