import { expect, test, type Page } from '@playwright/test';
import { signIn } from './support/booking-card.ts';
import { maya, newGuest, unique } from './support/own-data.ts';

// A device clock that is wrong by an hour must neither sign the user out nor reorder their messages:
// the app judges token expiry and orders pending rows by the server's time (src/remote/server-clock.ts).

const HOUR = 3_600_000;
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

function countRefreshes(page: Page): () => number {
  let count = 0;
  page.on('request', (request) => {
    if (request.url().includes('/auth/v1/token?grant_type=refresh_token')) count += 1;
  });
  return () => count;
}

test('a clock an hour ahead keeps the session without a refresh storm', async ({ page }) => {
  const guest = await newGuest('Clock Ahead Guest');
  await page.clock.install({ time: Date.now() + HOUR });
  const refreshes = countRefreshes(page);
  await page.goto(`/auth?redirect=${encodeURIComponent('/dashboard')}`);
  await signIn(page, guest.email);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();

  // Two of auth-js's 30 s refresh ticks, and pages that read the session for every request.
  await page.clock.runFor(65_000);
  await page.goto(`/messages?conversation=${maya.id}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();
  await page.clock.runFor(65_000);

  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' })).toBeVisible();
  expect(refreshes()).toBeLessThanOrEqual(1);
  expect(await page.evaluate((name) => indexedDB.databases().then((list) => list.some((info) => info.name === name)), guest.dbName)).toBe(true);
});

test('a clock an hour behind still shows a message written offline below the ones before it', async ({ page, context }) => {
  const guest = await newGuest('Clock Behind Guest');
  await page.clock.install({ time: Date.now() - HOUR });
  await page.goto(`/auth?redirect=${encodeURIComponent(`/messages?conversation=${maya.id}`)}`);
  await signIn(page, guest.email);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  const sent = [unique('Online one'), unique('Online two'), unique('Online three')];
  for (const text of sent) {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messageLog(page).locator('[data-status="sent"]').filter({ hasText: text })).toBeVisible({ timeout: 15_000 });
  }

  await context.setOffline(true);
  const offline = unique('Written offline');
  await page.getByRole('textbox', { name: 'Message' }).fill(offline);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageLog(page).locator('[data-status="pending"]').filter({ hasText: offline })).toBeVisible();

  const order = await messageLog(page).locator('[data-message-id]').allInnerTexts();
  const position = (text: string) => order.findIndex((bubble) => bubble.includes(text));
  expect(position(offline)).toBeGreaterThan(position(sent[2]!));
  expect(position(sent[2]!)).toBeGreaterThan(position(sent[0]!));
});
