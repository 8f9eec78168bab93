// The production build `npm run size` measures and tests/tools/check-repeatable-build.ts compares
// (docs/decisions/repeatable-build.md). Vite bakes the VITE_ variables into the bundle, reading them from the
// process environment and the git-ignored .env files; `npm run local -- start` writes .env.local with its data
// directory's URL and random keys, so two checkouts of one commit built different bytes and sizes. This build
// gives each VITE_ variable the app reads a fixed value shaped like a hosted project's (Vite lets the process
// environment win over .env files, in the prerendering builds too), drops any other inherited VITE_ variable
// and refuses a .env file that sets one it does not fix.
import { spawnSync } from 'node:child_process';
import { createHash, createHmac } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

/** Deterministic bytes standing in for a random key's (so they compress like one). */
const fixedBytes = (label: string, length: number): Buffer => createHash('sha512').update(`nomadnest measured build: ${label}`).digest().subarray(0, length);

const projectRef = [...fixedBytes('project ref', 20)].map((byte) => String.fromCharCode(97 + (byte % 26))).join('');
const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');
const anonKeyUnsigned = `${base64url('{"alg":"HS256","typ":"JWT"}')}.${base64url(JSON.stringify({ iss: 'supabase', ref: projectRef, role: 'anon', iat: 1764000000, exp: 2079576000 }))}`;

/** A hosted project's URL, anon key (an HS256 JWT), VAPID public key (an uncompressed P-256 point) and photo setting, fixed. */
export const measuredAppEnv = {
  VITE_SUPABASE_URL: `https://${projectRef}.supabase.co`,
  VITE_SUPABASE_ANON_KEY: `${anonKeyUnsigned}.${createHmac('sha256', fixedBytes('jwt secret', 32)).update(anonKeyUnsigned).digest('base64url')}`,
  VITE_VAPID_PUBLIC_KEY: base64url(Buffer.concat([Buffer.from([0x04]), fixedBytes('vapid point', 64)])),
  // A new hosted project's default: the uploaded renditions, not Storage's image renderer.
  VITE_IMAGE_TRANSFORMATIONS: 'off',
};

/** The .env files Vite reads for a production build; a VITE_ name in one that is not fixed above would leak in. */
const envFiles = ['.env', '.env.local', '.env.production', '.env.production.local'];

function assertNoUnfixedVariables(root: string): void {
  for (const file of envFiles.map((name) => join(root, name)).filter((path) => existsSync(path))) {
    const names = [...readFileSync(file, 'utf8').matchAll(/^\s*(?:export\s+)?(VITE_\w+)\s*=/gm)].map((match) => match[1]!);
    const unfixed = names.filter((name) => !(name in measuredAppEnv));
    if (unfixed.length) throw new Error(`${file} sets ${unfixed.join(', ')}: give it a fixed value in tests/tools/measured-build.ts (measuredAppEnv)`);
  }
}

/** Runs `vite build` in `root` (a checkout with node_modules) with the measured env. */
export function runMeasuredBuild(root: string, extraEnv: NodeJS.ProcessEnv = {}): void {
  assertNoUnfixedVariables(root);
  const inherited = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('VITE_')));
  const build = spawnSync(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error'], {
    cwd: root,
    stdio: 'inherit',
    env: { ...inherited, ...extraEnv, ...measuredAppEnv },
  });
  if (build.status !== 0) throw new Error(`vite build in ${root} failed (exit ${build.status ?? build.signal})`);
}

/** Every file under `dir`, as sorted paths relative to it. */
export function listFiles(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

/** One sha256 over every file's path and bytes: two builds with the same fingerprint are the same bytes. */
export function distFingerprint(dir: string): string {
  const hash = createHash('sha256');
  for (const file of listFiles(dir)) hash.update(`${file}\0`).update(readFileSync(join(dir, file))).update('\0');
  return hash.digest('hex').slice(0, 16);
}
