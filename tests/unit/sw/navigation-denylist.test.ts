// Which navigations the service worker answers with the app shell (sw/sw.ts NavigationRoute): app routes
// do, backend paths and files of public/ (the manifest's screenshots, icons) do not.
import { describe, expect, it } from 'vitest';
import { routeTable } from '../../../src/app/routes.tsx';
import { NAVIGATION_DENYLIST } from '../../../sw/routes.ts';

// Workbox tests the denylist against pathname + search.
const getsShell = (path: string) => !NAVIGATION_DENYLIST.some((pattern) => pattern.test(path));

describe('service worker navigation fallback', () => {
  it('gives every app route the shell', () => {
    const examples = routeTable.map(({ path }) => path.replace(':id', 'b0000000-0000-4000-8000-000000000001'));
    for (const path of [...examples, '/room/new?property_id=b0000000-0000-4000-8000-000000000001', '/no-such-page']) expect(getsShell(path), path).toBe(true);
  });

  it('leaves the manifest screenshots, icons and other public files to the network', () => {
    for (const path of ['/screenshots/wide.png', '/screenshots/narrow.png', '/icons/icon-192.png', '/favicon.svg', '/robots.txt', '/manifest.webmanifest']) {
      expect(getsShell(path), path).toBe(false);
    }
  });
});
