// `npm run test:e2e`: finds a Chromium, then runs Playwright; its webServer starts a fresh stand-in
// with demo data and serves the production build (see playwright.config.ts).
import { spawnSync } from 'node:child_process';
import { chromiumMissingMessage, findChromium } from './find-chromium.ts';

const chromiumPath = findChromium();
if (!chromiumPath) {
  console.error(chromiumMissingMessage);
  process.exit(1);
}

// The specs sign in and up some 45 times from 127.0.0.1 against one backend, more than the burst of 30 that
// `[auth.rate_limit] sign_in_sign_ups` gives one address, so that backend runs without auth rate limits
// (the stand-in reads SUPABASE_LOCAL_AUTH_RATE_LIMITS; set it to `config` to run the specs with them).
const result = spawnSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'test', ...process.argv.slice(2)], {
  stdio: 'inherit',
  env: { ...process.env, PLAYWRIGHT_CHROMIUM_PATH: chromiumPath, SUPABASE_LOCAL_AUTH_RATE_LIMITS: process.env.SUPABASE_LOCAL_AUTH_RATE_LIMITS ?? 'off' },
});
process.exit(result.status ?? 1);
