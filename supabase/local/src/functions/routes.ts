// /functions/v1/<name>[/<sub-path>]: the Edge Functions gateway of the stand-in. Checks the per-function
// `verify_jwt` of config.toml and maps keys to a bearer like the CLI gateway, then hands the original request
// to the function runtime (Deno, or the Node fallback; see function-runtime.ts) with the URL hosted presents.
import { Hono, type Context } from 'hono';
import type { LocalContext } from '../context.ts';
import type { FunctionRuntime } from './function-runtime.ts';
import type { FunctionSettings } from './function-settings.ts';
import { checkGateway, gatewayRefusal } from './gateway-auth.ts';

const notFound = { code: 'NOT_FOUND', message: 'Requested function was not found' };

/**
 * The URL a function sees in `req.url`: hosted's gateway (like the CLI's Kong route, `strip_path`) drops
 * `/functions/v1`, so the path starts at `/<name>` (docs/decisions/hosted-defaults.md).
 */
function functionRequestUrl(incoming: URL): URL {
  const url = new URL(incoming);
  url.pathname = url.pathname.replace(/^\/functions\/v1(?=\/)/, '');
  return url;
}

export function functionsRoutes(ctx: LocalContext, runtime: FunctionRuntime, settingsOf: (name: string) => FunctionSettings): Hono {
  const app = new Hono();

  const invoke = async (c: Context) => {
    const name = c.req.param('name') ?? '';
    if (!(await runtime.exists(name)) || !settingsOf(name).enabled) return c.json(notFound, 404);

    const incoming = c.req.raw;
    const url = new URL(incoming.url);
    // CORS preflight is the function's own business, as on hosted Supabase.
    const verify = incoming.method !== 'OPTIONS' && settingsOf(name).verifyJwt;
    const gateway = await checkGateway(ctx.keys, incoming.headers, url, verify);
    if (!gateway.ok) return gatewayRefusal(gateway);

    const headers = new Headers(incoming.headers);
    if (gateway.authorization) headers.set('authorization', gateway.authorization);
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(functionRequestUrl(url), {
      method: incoming.method,
      headers,
      body: hasBody ? await incoming.arrayBuffer() : null,
      signal: incoming.signal,
    });
    return runtime.invoke(name, request);
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}
