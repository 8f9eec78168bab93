import { readFileSync } from 'node:fs';

// E2E_SLOT lets several e2e runs share one machine: each slot has its own ports, data dir and build.
const slot = Number(process.env.E2E_SLOT ?? 0);

/** The stand-in and app the e2e run starts (playwright.config.ts webServer). */
export const e2eBackend = {
  dataDir: slot ? `.data/e2e-${slot}` : '.data/e2e',
  outDir: slot ? `.data/e2e-${slot}/dist` : 'dist',
  apiPort: 54421 + slot,
  appPort: 4173 + slot,
} as const;

export const demoPassword = 'nomadnest-demo';

export interface BackendStatus {
  api_url: string;
  anon_key: string;
  service_role_key: string;
  mailbox_url: string;
  stripe_url: string;
}

/** Keys and URLs of the running e2e backend (written by its `start`). */
export function backendStatus(): BackendStatus {
  return JSON.parse(readFileSync(`${e2eBackend.dataDir}/status.json`, 'utf8')) as BackendStatus;
}
