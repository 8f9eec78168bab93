// /functions/v1/<name>[/<sub-path>]: the Edge Functions gateway and runtime of the stand-in. Runs
// `<projectDir>/functions/<name>/handler.ts` in-process with the original request, after the
// per-function `verify_jwt` check of config.toml, with the function's environment in scope.
import { Hono, type Context } from 'hono';
import type { LocalContext } from '../context.ts';
import { functionEnv } from './function-env.ts';
import { functionSettingsReader } from './function-settings.ts';
import { checkGateway } from './gateway-auth.ts';
import { FunctionBootError, functionExists, loadHandler } from './handler-loader.ts';
import { runWithEnv } from './request-env.ts';
import { installRuntimeGlobals } from './runtime-globals.ts';

const notFound = { code: 'NOT_FOUND', message: 'Requested function was not found' };

export function functionsRoutes(ctx: LocalContext): Hono {
  installRuntimeGlobals();
  const settingsOf = functionSettingsReader(ctx.projectDir);
  const env = Object.freeze(functionEnv(ctx));
  const app = new Hono();

  const invoke = async (c: Context) => {
    const name = c.req.param('name') ?? '';
    if (!(await functionExists(ctx.projectDir, name)) || !settingsOf(name).enabled) return c.json(notFound, 404);

    const incoming = c.req.raw;
    const url = new URL(incoming.url);
    // CORS preflight is the function's own business, as on hosted Supabase.
    const verify = incoming.method !== 'OPTIONS' && settingsOf(name).verifyJwt;
    const gateway = await checkGateway(ctx.keys, incoming.headers, url, verify);
    if (!gateway.ok) return c.json({ msg: gateway.msg }, 401);

    const headers = new Headers(incoming.headers);
    if (gateway.authorization) headers.set('authorization', gateway.authorization);
    const hasBody = incoming.method !== 'GET' && incoming.method !== 'HEAD';
    const request = new Request(url, {
      method: incoming.method,
      headers,
      body: hasBody ? await incoming.arrayBuffer() : null,
      signal: incoming.signal,
    });

    try {
      const response = await runWithEnv(env, async () => (await loadHandler(ctx.projectDir, name))(request));
      if (!(response instanceof Response)) throw new Error(`function ${name} returned ${typeof response}, not a Response`);
      return response;
    } catch (error) {
      if (error instanceof FunctionBootError) {
        console.error(`[functions] ${name} failed to boot: ${error.message}`);
        return c.json({ code: 'BOOT_ERROR', message: 'Function failed to start (please check logs)' }, 503);
      }
      // A throw is the function's bug, not bad input: log it and answer like the edge runtime.
      console.error(`[functions] ${name} threw`, error);
      return c.json({ code: 'WORKER_ERROR', error: error instanceof Error ? error.message : String(error) }, 500);
    }
  };

  app.all('/:name', invoke);
  app.all('/:name/*', invoke);
  return app;
}
