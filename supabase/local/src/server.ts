// Composition root of the stand-in: opens the database, applies migrations/seed, mounts every
// area's Hono sub-app under the Supabase URL prefixes and attaches the realtime WebSocket.
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { createAdaptorServer } from '@hono/node-server';
import { Hono } from 'hono';
import type { Database } from './db/database.ts';
import { openDatabase } from './db/open-database.ts';
import { prepareDatabase, resetDatabase } from './db/migrations.ts';
import { runSeedHooks } from './db/seed-hooks.ts';
import { applyDatabaseSettings } from './db/database-settings.ts';
import { loadApiConfig } from './rest/api-config.ts';
import type { LocalContext } from './context.ts';
import { loadOrCreateKeys, type LocalKeys } from './keys.ts';
import { compressResponses } from './http/compression.ts';
import { corsMiddleware } from './http/cors.ts';
import { installErrorHandlers } from './http/error-json.ts';
import { assertSafeHost, hostHeaderGuard } from './http/host-guard.ts';
import { nulGuard, nulMessage } from './http/nul-guard.ts';
import { toolWriteGuard } from './http/tool-routes.ts';
import { AuthError, authErrorResponse } from './auth/auth-error.ts';
import { storageErrorResponse, storageErrors } from './storage/storage-error.ts';
import { StripeApiError } from './stripe/stripe-error.ts';
import { loadFunctionEnv } from './env.ts';
import { defaultDataDir, defaultProjectDir } from './paths.ts';
import { adminRoutes } from './admin-routes.ts';
import { authRoutes } from './auth/routes.ts';
import { authRateLimitSettingFromEnv, authRateLimitsEnv, type AuthRateLimitSetting } from './auth/rate-limits.ts';
import { restRoutes } from './rest/routes.ts';
import { storageRoutes } from './storage/routes.ts';
import { functionsRoutes } from './functions/routes.ts';
import { createFunctionRuntime, functionsRuntimeChoiceFromEnv, functionsRuntimeEnv, type FunctionsRuntimeChoice } from './functions/create-runtime.ts';
import type { FunctionRuntime, FunctionRuntimeKind } from './functions/function-runtime.ts';
import { functionSettingsReader } from './functions/function-settings.ts';
import { stripeRoutes } from './stripe/routes.ts';
import { mailboxRoutes } from './mailbox/routes.ts';
import { pushRoutes } from './push/routes.ts';
import { loadOrCreateVapidKeys } from './push/vapid-keys.ts';
import { attachRealtime } from './realtime/socket.ts';
import { realtimeRoutes } from './realtime/broadcast-routes.ts';
import { createSchedulerClock } from './scheduler/clock.ts';
import { startPushDispatcher } from './scheduler/push-dispatcher.ts';
import { startScheduler, type Scheduler } from './scheduler/scheduler.ts';
import type { AdminHooks } from './admin-routes.ts';

export interface LocalServer {
  url: string;
  keys: LocalKeys;
  ctx: LocalContext;
  /** what serves /functions/v1: `deno` (as hosted Supabase) or the in-process `node` fallback */
  functionsRuntime: FunctionRuntimeKind;
  close(): Promise<void>;
}

export interface StartOptions {
  projectDir?: string;
  dataDir?: string;
  /** 0 = a random free port (tests); default 54321 */
  port?: number;
  host?: string;
  /** native Postgres connection string; PGlite in dataDir/pgdata when absent */
  dbUrl?: string;
  /** apply seed.sql and seed hooks on a new database (default true) */
  seed?: boolean;
  /** drop everything and start from an empty database */
  fresh?: boolean;
  /** listen on a non-loopback host although the secrets are development secrets */
  allowNonLoopback?: boolean;
  /**
   * GoTrue's rate limits of `<projectDir>/config.toml` `[auth.rate_limit]`: `config` enforces them, `off`
   * serves every request (test harnesses); an object is `config` with an injected clock (ms).
   * Default: the SUPABASE_LOCAL_AUTH_RATE_LIMITS environment variable (`config` | `off`), else `config`.
   */
  authRateLimits?: AuthRateLimitSetting;
  /**
   * Runtime of the Edge Functions: `auto` (default) = Deno when a deno binary is found, else Node in-process;
   * `deno` requires it. Default: the SUPABASE_LOCAL_FUNCTIONS_RUNTIME environment variable, else `auto`.
   */
  functionsRuntime?: FunctionsRuntimeChoice;
}

export function buildApp(ctx: LocalContext, admin: AdminHooks, functions: FunctionRuntime, opts: { allowNonLoopback?: boolean } = {}): Hono {
  const app = new Hono();
  installErrorHandlers(app);
  app.use('*', hostHeaderGuard(opts.allowNonLoopback ?? false));
  // Outermost on the gateway's JSON areas, so refusals and CORS-decorated answers are compressed too. Functions
  // (their own encoding, streaming answers) and realtime stay as they are.
  for (const path of ['/auth/*', '/rest/*', '/storage/*']) app.use(path, compressResponses);
  // NUL characters, refused in each area's own error shape (/rest/v1 answers PostgREST's PGRST100 itself;
  // storage checks the metadata of an upload, whose body is a file).
  app.use('/auth/*', nulGuard({ reject: (c) => authErrorResponse(c, new AuthError(400, 'validation_failed', nulMessage)) }));
  app.use('/storage/*', nulGuard({ reject: (c) => storageErrorResponse(c, storageErrors.invalidRequest(nulMessage)), bodies: false }));
  app.use('/stripe/*', nulGuard({ reject: (c) => c.json(new StripeApiError(400, 'invalid_request_error', nulMessage).toBody(), 400) }));
  app.use('/mailbox/*', nulGuard({ reject: (c) => c.json({ error: 'validation_failed', message: nulMessage }, 400) }));
  app.use('/push/*', nulGuard({ reject: (c) => c.json({ error: 'validation_failed', message: nulMessage }, 400), bodies: false }));
  // Tool routes: no key, so no writes a cross-site page could forge (the push endpoint checks its VAPID signature).
  for (const path of ['/mailbox/*', '/push/*', '/stripe/test/*']) {
    app.use(path, async (c, next) => (c.req.path.startsWith('/push/v1/send/') ? next() : toolWriteGuard(ctx.keys)(c, next)));
  }
  // Functions answer their own CORS preflight, like hosted Edge Functions.
  app.use('/auth/*', corsMiddleware);
  app.use('/rest/*', corsMiddleware);
  app.use('/storage/*', corsMiddleware);
  app.use('/realtime/*', corsMiddleware);
  app.get('/', (c) => c.json({ name: 'supabase-local', status: 'ok' }));
  app.route('/_local', adminRoutes(ctx, admin));
  app.route('/auth/v1', authRoutes(ctx));
  app.route('/rest/v1', restRoutes(ctx));
  app.route('/storage/v1', storageRoutes(ctx));
  app.route('/functions/v1', functionsRoutes(ctx, functions, functionSettingsReader(ctx.projectDir)));
  app.route('/realtime/v1', realtimeRoutes(ctx));
  app.route('/stripe', stripeRoutes(ctx));
  app.route('/mailbox', mailboxRoutes(ctx));
  app.route('/push', pushRoutes(ctx));
  return app;
}

async function listen(server: Server, port: number, host: string): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  return (server.address() as AddressInfo).port;
}

export async function startLocalServer(opts: StartOptions = {}): Promise<LocalServer> {
  const host = opts.host ?? '127.0.0.1';
  assertSafeHost(host, opts.allowNonLoopback ?? false);
  const authRateLimits = opts.authRateLimits ?? authRateLimitSettingFromEnv(process.env[authRateLimitsEnv]);
  const projectDir = opts.projectDir ?? defaultProjectDir;
  const dataDir = opts.dataDir ?? defaultDataDir;
  const keys = await loadOrCreateKeys(dataDir);
  const db: Database = await openDatabase({ dataDir, dbUrl: opts.dbUrl });
  try {
    if (opts.fresh) await resetDatabase(db);
    const { isNew } = await prepareDatabase(db, projectDir, { seed: opts.seed ?? true });

    // The handler is bound after listen() so sub-apps see the final apiUrl (port 0 → real port).
    const handler: { app?: Hono } = {};
    const server = createAdaptorServer({
      // The bindings ({incoming, outgoing}) go along: auth rate limits key on the socket's remote address.
      fetch: (request: Request, bindings: unknown) => (handler.app ? handler.app.fetch(request, bindings) : new Response('starting', { status: 503 })),
    }) as Server;
    const port = await listen(server, opts.port ?? 54321, host);
    const urlHost = host.includes(':') ? `[${host}]` : host === '0.0.0.0' ? '127.0.0.1' : host;
    const apiUrl = `http://${urlHost}:${port}`;
    await applyDatabaseSettings(db, { exposedSchemas: (await loadApiConfig(projectDir)).schemas, devPushOrigin: new URL(apiUrl).origin });
    const vapid = await loadOrCreateVapidKeys(dataDir);
    const ctx: LocalContext = { db, keys, vapid, projectDir, dataDir, apiUrl, env: await loadFunctionEnv(projectDir, apiUrl, keys, opts.dbUrl), authRateLimits };

    const reset = async (): Promise<void> => {
      await resetDatabase(db);
      await prepareDatabase(db, projectDir, { seed: true });
      await runSeedHooks(ctx);
      await db.query(`notify pgrst, 'reload schema'`);
    };
    const functions = createFunctionRuntime(ctx, functionSettingsReader(projectDir), opts.functionsRuntime ?? functionsRuntimeChoiceFromEnv(process.env[functionsRuntimeEnv]));
    const clock = createSchedulerClock();
    const scheduler: Scheduler = startScheduler({
      clock,
      call: (name, body) => {
        const request = new Request(`${apiUrl}/functions/v1/${name}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${keys.serviceRoleKey}`, apikey: keys.serviceRoleKey, 'content-type': 'application/json' },
          body: JSON.stringify(body),
        });
        return Promise.resolve(handler.app ? handler.app.fetch(request) : new Response('starting', { status: 503 }));
      },
      onError: (name, error) => console.error(`[scheduler] ${name} failed`, error),
    });
    handler.app = buildApp(ctx, { reset, clock, scheduler }, functions, { allowNonLoopback: opts.allowNonLoopback ?? false });
    const stopPushDispatcher = await startPushDispatcher(db, scheduler, (error) => console.error('[push-dispatcher] send-push failed', error));
    const realtime = attachRealtime(ctx, server);
    // Change capture is installed before the first request, so no write can race it.
    await realtime.ready;
    if (isNew && (opts.seed ?? true)) await runSeedHooks(ctx);

    let closed = false;
    return {
      url: apiUrl,
      keys,
      ctx,
      functionsRuntime: functions.kind,
      async close() {
        if (closed) return;
        closed = true;
        scheduler.stop();
        await stopPushDispatcher();
        await functions.close();
        await realtime.close();
        server.closeAllConnections?.();
        await new Promise<void>((resolve) => server.close(() => resolve()));
        await db.close();
      },
    };
  } catch (error) {
    await db.close();
    throw error;
  }
}
