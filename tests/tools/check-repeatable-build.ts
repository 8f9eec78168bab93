// `npm run check:build` (part of `npm test`): the build `npm run size` measures gives the same bytes in two
// checkouts of this working tree (docs/decisions/repeatable-build.md). The second checkout has what a
// developer's differs by: another folder name, a .env.local as `npm run local -- start` writes it (its own
// port, random keys), another time zone. Fails naming the files that differ.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { repoRoot } from '../../supabase/local/src/paths.ts';
import { distFingerprint, listFiles, runMeasuredBuild } from './measured-build.ts';

/** The working tree's files (tracked, and new ones not ignored) copied to `dir`, node_modules linked. */
function checkout(dir: string): void {
  const listed = spawnSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: repoRoot, encoding: 'utf8' });
  if (listed.status !== 0) throw new Error(`git ls-files failed: ${listed.stderr}`);
  for (const file of listed.stdout.split('\0').filter(Boolean)) {
    if (!existsSync(join(repoRoot, file))) continue; // deleted in the working tree
    mkdirSync(dirname(join(dir, file)), { recursive: true });
    cpSync(join(repoRoot, file), join(dir, file));
  }
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'));
}

/** What the stand-in writes to .env.local (its URL and this data directory's random keys), and a photo setting. */
function standInEnvFile(): string {
  const port = 54000 + randomBytes(1)[0]!;
  const jwt = [randomBytes(27), randomBytes(120), randomBytes(32)].map((part) => part.toString('base64url')).join('.');
  const vapid = Buffer.concat([Buffer.from([0x04]), randomBytes(64)]).toString('base64url');
  return `VITE_SUPABASE_URL=http://127.0.0.1:${port}\nVITE_SUPABASE_ANON_KEY=${jwt}\nVITE_VAPID_PUBLIC_KEY=${vapid}\nVITE_IMAGE_TRANSFORMATIONS=on\n`;
}

// Siblings at one depth: node_modules is a link, and the build manifest names a module resolved through it
// by its path relative to the checkout.
const scratch = mkdtempSync(join(tmpdir(), 'nomadnest-repeatable-build-'));
try {
  const first = join(scratch, 'a');
  const second = join(scratch, 'another-checkout');
  checkout(first);
  checkout(second);
  writeFileSync(join(second, '.env.local'), standInEnvFile());
  runMeasuredBuild(first);
  runMeasuredBuild(second, { TZ: 'Pacific/Kiritimati' });

  const [firstDist, secondDist] = [join(first, 'dist'), join(second, 'dist')];
  const firstFiles = listFiles(firstDist);
  const secondFiles = listFiles(secondDist);
  // Files whose bytes differ first: a changed chunk also renames every chunk whose hash covers it.
  const differing = [
    ...firstFiles.filter((file) => secondFiles.includes(file) && !readFileSync(join(firstDist, file)).equals(readFileSync(join(secondDist, file)))).map((file) => `differs: ${file}`),
    ...firstFiles.filter((file) => !secondFiles.includes(file)).map((file) => `only in the first: ${file}`),
    ...secondFiles.filter((file) => !firstFiles.includes(file)).map((file) => `only in the second: ${file}`),
  ];
  if (!firstFiles.some((file) => file.endsWith('.js'))) throw new Error('check:build: the build wrote no JavaScript');
  if (differing.length) {
    console.error(`check:build: two checkouts built different bytes (${differing.length} files):\n  ${differing.slice(0, 20).join('\n  ')}`);
    process.exitCode = 1;
  } else {
    console.log(`check:build: two checkouts built the same ${firstFiles.length} files (fingerprint ${distFingerprint(firstDist)})`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
