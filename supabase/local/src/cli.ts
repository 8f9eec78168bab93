// `npm run local -- <start|status|reset|stop|gen types|clock>`: the Supabase-CLI-like face of the stand-in.
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import type { LocalContext } from './context.ts';
import { updateEnvFile } from './env-file.ts';
import { loadFunctionEnv } from './env.ts';
import { openDatabase } from './db/open-database.ts';
import { prepareDatabase, resetDatabase } from './db/migrations.ts';
import { runSeedHooks } from './db/seed-hooks.ts';
import { loadOrCreateKeys } from './keys.ts';
import { loadOrCreateVapidKeys } from './push/vapid-keys.ts';
import { clearState, isAlive, readRunningState, writeState, type LocalStatus } from './local-state.ts';
import { defaultDataDir, defaultProjectDir, repoRoot } from './paths.ts';
import { startLocalServer } from './server.ts';
import { generateTypes, supportedLanguages } from './typegen/generate-types.ts';

const usage = `Usage: npm run local -- <command> [options]

Commands:
  start   [--project DIR] [--port N] [--data DIR] [--db-url URL] [--host H] [--allow-non-loopback] [--no-seed]
  status  [--json] [--data DIR]
  reset   [--project DIR] [--data DIR] [--db-url URL]
  stop    [--data DIR]
  gen types --lang typescript [--schema NAME]... [--project DIR] [--db-url URL]
          print the Database type of the migrated schema (default schema: public), as \`supabase gen types\`
  clock   [show | advance DURATION | run] [--data DIR]
          the scheduler's clock of the running server: \`clock advance 31d\` moves it a month forward and runs
          the scheduled functions (charge-due-payments) at once; \`clock run\` runs them at the current time

The backend and the app together: npm start -- [--api-port N] [--app-port N] [--data DIR] [--out-dir DIR] [--fresh]
(npm start -- --help says more).
`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    project: { type: 'string' },
    port: { type: 'string' },
    data: { type: 'string' },
    'db-url': { type: 'string' },
    host: { type: 'string' },
    json: { type: 'boolean' },
    'allow-non-loopback': { type: 'boolean' },
    'no-seed': { type: 'boolean' },
    lang: { type: 'string' },
    schema: { type: 'string', short: 's', multiple: true },
    help: { type: 'boolean', short: 'h' },
  },
});

const dataDir = resolve(values.data ?? defaultDataDir);
const projectDir = resolve(values.project ?? defaultProjectDir);
const dbUrl = values['db-url'] ?? process.env.DATABASE_URL;

function printStatus(status: LocalStatus): void {
  console.log(`
         API URL: ${status.api_url}
        DB engine: ${status.db_engine}${status.db_engine === 'pglite' ? ` (${status.data_dir}/pgdata)` : ''}
         Data dir: ${status.data_dir}
      Project dir: ${status.project_dir}
      Mailbox URL: ${status.mailbox_url}
  Stripe test URL: ${status.stripe_url}
         Push URL: ${status.api_url}/push
 VAPID public key: ${status.vapid_public_key}
Functions runtime: ${status.functions_runtime ?? 'node'}
   Publishable key: ${status.publishable_key}
        Secret key: ${status.secret_key}
         anon key: ${status.anon_key}
 service_role key: ${status.service_role_key}
`);
}

async function start(): Promise<void> {
  const running = await readRunningState(dataDir);
  if (running) throw new Error(`already running (pid ${running.pid}) at ${running.api_url}; run \`npm run local -- stop\` first`);
  const port = values.port === undefined ? 54321 : Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`invalid --port ${values.port}`);
  const server = await startLocalServer({
    projectDir, dataDir, port, dbUrl,
    ...(values.host !== undefined && { host: values.host }),
    seed: !values['no-seed'],
    allowNonLoopback: values['allow-non-loopback'] ?? false,
  });
  const status: LocalStatus = {
    api_url: server.url,
    anon_key: server.keys.anonKey,
    service_role_key: server.keys.serviceRoleKey,
    publishable_key: server.keys.publishableKey,
    secret_key: server.keys.secretKey,
    jwt_secret: server.keys.jwtSecret,
    db_engine: server.ctx.db.engine,
    data_dir: dataDir,
    project_dir: projectDir,
    mailbox_url: `${server.url}/mailbox`,
    stripe_url: `${server.url}/stripe`,
    vapid_public_key: server.ctx.vapid.publicKey,
    functions_runtime: server.functionsRuntime,
    pid: process.pid,
  };
  await writeState(dataDir, status);
  await updateEnvFile(resolve(repoRoot, '.env.local'), { VITE_SUPABASE_URL: server.url, VITE_SUPABASE_ANON_KEY: server.keys.anonKey, VITE_VAPID_PUBLIC_KEY: server.ctx.vapid.publicKey });
  console.log('Started supabase local development setup.');
  printStatus(status);

  let stopping = false;
  const shutdown = async (): Promise<void> => {
    if (stopping) return;
    stopping = true;
    await server.close().catch((error: unknown) => console.error(error));
    await clearState(dataDir);
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

async function status(): Promise<void> {
  const running = await readRunningState(dataDir);
  if (!running) {
    console.error(`supabase local is not running (data dir ${dataDir})`);
    process.exitCode = 1;
    return;
  }
  if (values.json) {
    const { pid: _pid, jwt_secret: _secret, ...shown } = running;
    console.log(JSON.stringify(shown, null, 2));
  } else printStatus(running);
}

async function reset(): Promise<void> {
  const running = await readRunningState(dataDir);
  if (running) {
    const response = await fetch(`${running.api_url}/_local/reset`, { method: 'POST', headers: { apikey: running.secret_key } });
    if (!response.ok) throw new Error(`reset failed: ${response.status} ${await response.text()}`);
    console.log('Database reset (running server).');
    return;
  }
  const keys = await loadOrCreateKeys(dataDir);
  const db = await openDatabase({ dataDir, dbUrl });
  try {
    await resetDatabase(db);
    const result = await prepareDatabase(db, projectDir, { seed: true });
    const apiUrl = 'http://127.0.0.1:54321';
    const ctx: LocalContext = { db, keys, vapid: await loadOrCreateVapidKeys(dataDir), projectDir, dataDir, apiUrl, env: await loadFunctionEnv(projectDir, apiUrl, keys, dbUrl) };
    await runSeedHooks(ctx);
    console.log(`Database reset: ${result.migrations.length} migrations, seeds: ${result.seeds.join(', ') || 'none'}.`);
  } finally {
    await db.close();
  }
}

async function stop(): Promise<void> {
  const running = await readRunningState(dataDir);
  if (!running) {
    console.log('supabase local is not running.');
    return;
  }
  process.kill(running.pid, 'SIGTERM');
  for (let i = 0; i < 100 && isAlive(running.pid); i += 1) await new Promise((r) => setTimeout(r, 100));
  if (isAlive(running.pid)) throw new Error(`pid ${running.pid} did not stop`);
  await clearState(dataDir);
  console.log('Stopped supabase local development setup.');
}

async function gen(): Promise<void> {
  // `gen types --lang typescript`, and the older positional spelling `gen types typescript`.
  const [, kind, positionalLang] = positionals;
  if (kind !== 'types') throw new Error(`unknown gen target ${kind ?? '(none)'}; try \`gen types --lang typescript\``);
  const lang = values.lang ?? positionalLang ?? 'typescript';
  if (!(supportedLanguages as readonly string[]).includes(lang)) throw new Error(`--lang ${lang} is not supported (supported: ${supportedLanguages.join(', ')})`);
  const schemas = values.schema?.flatMap((schema) => schema.split(',')) ?? ['public'];
  process.stdout.write(await generateTypes({ projectDir, schemas, dbUrl: values['db-url'] }));
}

async function clock(): Promise<void> {
  const running = await readRunningState(dataDir);
  if (!running) throw new Error(`supabase local is not running (data dir ${dataDir}); start it with \`npm start\` or \`npm run local -- start\``);
  const [, action = 'show', by] = positionals;
  const request: Record<string, { path: string; init: RequestInit }> = {
    show: { path: '/_local/clock', init: {} },
    run: { path: '/_local/scheduler/run', init: { method: 'POST' } },
    advance: { path: '/_local/clock/advance', init: { method: 'POST', body: JSON.stringify({ by }), headers: { 'content-type': 'application/json' } } },
  };
  const chosen = request[action];
  if (!chosen) throw new Error(`unknown clock action ${action}; try \`clock advance 31d\``);
  const response = await fetch(`${running.api_url}${chosen.path}`, { ...chosen.init, headers: { ...(chosen.init.headers as Record<string, string> | undefined), apikey: running.secret_key } });
  const text = await response.text();
  if (!response.ok) throw new Error(`clock ${action} failed: ${response.status} ${text}`);
  console.log(JSON.stringify(JSON.parse(text), null, 2));
}

const commands: Record<string, () => Promise<void>> = { start, status, reset, stop, gen, clock };
const command = positionals[0];
if (values.help || command === undefined || !(command in commands)) {
  console.log(usage);
  process.exitCode = command === undefined || values.help ? 0 : 1;
} else {
  (commands[command] as () => Promise<void>)().catch((error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  });
}
