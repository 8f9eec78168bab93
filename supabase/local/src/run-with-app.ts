// `npm start` / `npm run start:preview`: the stand-in and the app together, for a new user or a test run.
//   npm start                  stand-in + Vite dev server (http://127.0.0.1:5173)
//   npm run start:preview      stand-in + production build served by `vite preview` (http://127.0.0.1:4173; service worker on)
// Options: --data DIR (default .data/local), --api-port N (default 54321), --app-port N, --out-dir DIR (build output, default dist),
// --fresh (new data dir: empty database, re-seeded).
import { spawn, type ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';
import { resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { readRunningState, type LocalStatus } from './local-state.ts';
import { defaultDataDir, repoRoot } from './paths.ts';
import { demoPassword, users as demoUsers } from '../../seed/demo-data.ts';

const usage = `Usage: npm start -- [options]          the local backend (demo data on first run) and the app's dev server
       npm run start:preview -- [options]  the same with the production build (service worker on)

Options:
  --api-port N   the backend's port (default 54321)
  --app-port N   the app's port (default 5173; 4173 with start:preview)
  --data DIR     the backend's data folder (default .data/local); pass the same to \`npm run local -- clock …\`
  --out-dir DIR  where start:preview builds the app (default dist)
  --fresh        start from an empty data folder: migrations and demo data applied again
  -h, --help     this text

The backend alone, and its tools (status, reset, clock, gen types): npm run local -- --help
`;

const { values } = parseArgs({
  options: {
    help: { type: 'boolean', short: 'h', default: false },
    preview: { type: 'boolean', default: false },
    fresh: { type: 'boolean', default: false },
    data: { type: 'string' },
    'api-port': { type: 'string', default: '54321' },
    'app-port': { type: 'string' },
    'out-dir': { type: 'string', default: 'dist' },
  },
});

if (values.help) {
  console.log(usage);
  process.exit(0);
}

const dataDir = values.data ? resolve(values.data) : defaultDataDir;
const appPort = values['app-port'] ?? (values.preview ? '4173' : '5173');
const node = process.execPath;
const bin = (path: string) => resolve(repoRoot, 'node_modules', path);
const children: ChildProcess[] = [];

function stopAll(code: number): never {
  for (const child of children) child.kill('SIGTERM');
  process.exit(code);
}
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));

function run(args: string[], env: NodeJS.ProcessEnv = {}): ChildProcess {
  const child = spawn(node, args, { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env } });
  children.push(child);
  return child;
}

async function startStandIn(): Promise<LocalStatus> {
  if (values.fresh) {
    if (await readRunningState(dataDir)) throw new Error(`a backend is already running on ${dataDir}; stop it before --fresh`);
    rmSync(dataDir, { recursive: true, force: true });
  }
  // `node --import tsx` keeps the backend in this one child process, so its pid is the one in the status file.
  const args = ['--import', 'tsx', 'supabase/local/src/cli.ts', 'start', '--data', dataDir, '--port', values['api-port']];
  const child = run(args);
  child.on('exit', (code) => stopAll(code ?? 1));
  for (let attempt = 0; attempt < 600; attempt += 1) {
    const status = await readRunningState(dataDir);
    if (status && status.pid === child.pid) return status;
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error('the local backend did not start within 120 s');
}

function buildApp(env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((done, fail) => {
    run([bin('vite/bin/vite.js'), 'build', '--logLevel', 'warn', '--outDir', values['out-dir'], '--emptyOutDir'], env).on('exit', (code) => (code === 0 ? done() : fail(new Error(`vite build exited with ${code}`))));
  });
}

/** Demo logins, printed when the backend serves this repo's own seed. */
function demoAccounts(): string {
  const lines = demoUsers.map((user) => `    ${user.role.padEnd(5)}  ${user.email.padEnd(30)} ${user.name}`);
  return `  Demo accounts (password ${demoPassword}):\n${lines.join('\n')}\n`;
}

const status = await startStandIn();
const appEnv = { VITE_SUPABASE_URL: status.api_url, VITE_SUPABASE_ANON_KEY: status.anon_key, VITE_VAPID_PUBLIC_KEY: status.vapid_public_key };
if (values.preview) {
  await buildApp(appEnv);
  run([bin('vite/bin/vite.js'), 'preview', '--host', '127.0.0.1', '--port', appPort, '--strictPort', '--outDir', values['out-dir']], appEnv).on('exit', (code) => stopAll(code ?? 1));
} else {
  run([bin('vite/bin/vite.js'), '--host', '127.0.0.1', '--port', appPort, '--strictPort'], appEnv).on('exit', (code) => stopAll(code ?? 1));
}

console.log(
  `\nNomadNest is running.\n  App:      http://127.0.0.1:${appPort}${values.preview ? ' (production build)' : ''}\n  Backend:  ${status.api_url}\n  Mailbox:  ${status.mailbox_url}\n  Stripe test checkout: card 4242 4242 4242 4242 pays, 4000 0000 0000 0002 is declined\n${demoAccounts()}`,
);
