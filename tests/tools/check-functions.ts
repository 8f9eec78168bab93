// `npm run check:functions`: what hosted Supabase would refuse, found before a deploy. `deno check` type-checks
// every function entry (supabase/functions/<name>/index.ts) through the shared import map, `deno lint` lints
// the folder. Needs the `deno` devDependency (or DENO_BIN); without it this fails rather than pass unchecked.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { findDeno } from '../../supabase/local/src/functions/deno-binary.ts';
import { repoRoot } from '../../supabase/local/src/paths.ts';

const functionsDir = join(repoRoot, 'supabase', 'functions');
const deno = findDeno();
if (!deno) {
  console.error('check:functions: no deno binary (npm install, or set DENO_BIN)');
  process.exit(1);
}

const entries = readdirSync(functionsDir, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !entry.name.startsWith('_') && !entry.name.startsWith('.'))
  .map((entry) => join(entry.name, 'index.ts'))
  .filter((entry) => existsSync(join(functionsDir, entry)));

function run(args: string[]): void {
  console.log(`$ deno ${args.join(' ')}`);
  const result = spawnSync(deno as string, args, { cwd: functionsDir, stdio: 'inherit', env: { ...process.env, NO_COLOR: '1' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['check', '--config', 'deno.json', ...entries]);
run(['lint', '--config', 'deno.json']);
console.log(`check:functions: ${entries.length} function entries type-check and lint clean on Deno`);
