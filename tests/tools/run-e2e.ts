// `npm run test:e2e`: finds a Chromium, then runs Playwright; its webServer starts a fresh stand-in
// with demo data and serves the production build (see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { chromiumMissingMessage, findChromium } from './find-chromium';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: chromiumPath },
});
process.exit(result.status ?? 1);
