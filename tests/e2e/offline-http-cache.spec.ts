import { expect, test } from '@playwright/test';
import { backendStatus } from './support/backend.ts';
import { readStore } from './support/device-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// Villa laptops are shared (docs/decisions/sign-out-wipes-device-data.md): after Leo signs out, the browser's
// HTTP cache must not answer his REST reads either. Any script on the page can ask for a stored answer with
// `fetch(url, { cache: 'force-cache' })`; the app never lets the browser store an authenticated answer.

const leo = { email: 'leo.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000011' };
const ana = { id: 'a0000000-0000-4000-8000-000000000012' };
const leoDb = `nomadnest-${leo.id}`;

test("after Leo signs out, the browser's HTTP cache answers none of his REST reads", async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  const restUrl = `${backendStatus().api_url}/rest/v1/`;
  const readUrls = new Set<string>();
  page.on('request', (request) => {
    if (request.method() === 'GET' && request.url().startsWith(restUrl)) readUrls.add(request.url());
  });

  // Leo's bookings and his chat with Ana reach the device.
  await signInThroughRedirect(page, leo, '/dashboard');
  await expect(page.getByRole('listitem').getByRole('heading', { level: 3 }).first()).toBeVisible();
  await page.goto(`/messages?conversation=${ana.id}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText('Yes! I will book the driver.')).toBeVisible();
  const bookings = (await readStore<{ id: string }>(page, leoDb, 'bookings')) ?? [];
  const messages = (await readStore<{ id: string; text: string }>(page, leoDb, 'messages')) ?? [];
  expect(bookings.length).toBeGreaterThan(0);
  expect(messages.length).toBeGreaterThan(0);
  // His rows, as they appear in a REST answer: ids, and message texts long enough not to be common words.
  const needles = [...bookings.map((row) => row.id), ...messages.map((row) => row.id), ...messages.map((row) => JSON.stringify(row.text).slice(1, -1)).filter((text) => text.length >= 12)];
  expect(readUrls.size).toBeGreaterThan(0);

  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();

  // Every URL the app read as Leo, asked again the way any script could: without his token, from the cache if it can.
  const answers = await page.evaluate(async (urls) => {
    const found: { url: string; body: string }[] = [];
    for (const url of urls) {
      const response = await fetch(url, { cache: 'force-cache' }).catch(() => null);
      found.push({ url, body: response ? await response.text() : '' });
    }
    return found;
  }, [...readUrls]);
  const leaks = answers.filter(({ body }) => needles.some((needle) => body.includes(needle))).map(({ url }) => url);
  console.log(`Replayed ${answers.length} REST reads after sign-out; ${leaks.length} answered with Leo's rows`);
  expect(leaks, "REST reads the HTTP cache answered with Leo's rows after he signed out").toEqual([]);

  await context.close();
});
