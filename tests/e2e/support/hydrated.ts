import { expect, type Locator } from '@playwright/test';

/**
 * Waits until React has hydrated this element of a prerendered page (it carries React's fiber): before
 * that, a link is plain HTML and a click loads a whole new document instead of navigating in the app.
 */
export async function waitUntilHydrated(element: Locator): Promise<void> {
  await expect
    .poll(() => element.evaluate((node) => Object.keys(node).some((key) => key.startsWith('__reactFiber$'))), { timeout: 30_000 })
    .toBe(true);
}
