import type { Page } from '@playwright/test';

export const viewports = { phone: { width: 390, height: 844 }, desktop: { width: 1280, height: 800 } } as const;

/** Full-page screenshots at phone and desktop widths, kept as test artifacts in test-results/screenshots. */
export async function screenshotBothWidths(page: Page, name: string): Promise<void> {
  for (const [label, size] of Object.entries(viewports)) {
    await page.setViewportSize(size);
    await page.screenshot({ path: `test-results/screenshots/${name}-${label}.png`, fullPage: true });
  }
}
