// `npm run test:e2e`: finds a Chromium, builds the production app, runs Playwright against `vite preview`.
import { spawnSync } from 'node:child_process';
import { chromiumMissingMessage, findChromium } from './find-chromium';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

function run(args: string[]): void {
  const result = spawnSync(process.execPath, args, { stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: chromiumPath ?? '' } });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'warn']);
run(['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)]);
