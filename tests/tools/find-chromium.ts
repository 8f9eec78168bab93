import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { chromium } from '@playwright/test';

const systemChromiums = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'];

function playwrightManaged(): string | null {
  try {
    const path = chromium.executablePath();
    return existsSync(path) ? path : null;
  } catch {
    return null;
  }
}

/**
 * A Playwright-managed Chromium if installed, else the system's, else one `playwright install chromium`
 * attempt. Returns null when none can be had.
 */
export function findChromium(): string | null {
  const found = playwrightManaged() ?? systemChromiums.find((path) => existsSync(path)) ?? null;
  if (found) return found;
  try {
    execFileSync(process.execPath, ['node_modules/@playwright/test/cli.js', 'install', 'chromium'], { stdio: 'inherit', timeout: 300_000 });
  } catch {
    return null;
  }
  return playwrightManaged();
}

export const chromiumMissingMessage =
  'No Chromium found: install it with `sudo apt-get install -y chromium` (Debian) or `npx playwright install chromium`, then run the tests again.';
