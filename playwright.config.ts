import { defineConfig, devices } from '@playwright/test';

import { e2eBackend } from './tests/e2e/support/backend.ts';

// tests/tools/run-e2e.ts finds a Chromium and passes it here.
const executablePath = process.env.PLAYWRIGHT_CHROMIUM_PATH || undefined;
const previewPort = e2eBackend.appPort;

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: process.env.E2E_SLOT ? `test-results/e2e-${process.env.E2E_SLOT}` : 'test-results/e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  use: {
    baseURL: `http://127.0.0.1:${previewPort}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run', '--disable-quic'],
    },
  },
  // All specs share one seeded backend and read the seed without changing it: what a spec changes it creates
  // first (tests/e2e/support/own-data.ts), so the specs pass in any order (`--shuffle`, `--shard`).
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // The whole product as a new user runs it: a fresh stand-in with demo data + the production build.
  webServer: {
    command: `node --import tsx supabase/local/src/run-with-app.ts --preview --fresh --data ${e2eBackend.dataDir} --out-dir ${e2eBackend.outDir} --api-port ${e2eBackend.apiPort} --app-port ${previewPort}`,
    url: `http://127.0.0.1:${previewPort}`,
    reuseExistingServer: false,
    timeout: 240_000,
    stdout: 'ignore',
  },
});
