import { readFileSync } from 'node:fs';

/** The stand-in the e2e run starts (playwright.config.ts webServer): its own data dir and port. */
export const e2eBackend = { dataDir: '.data/e2e', apiPort: 54421 } as const;

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
