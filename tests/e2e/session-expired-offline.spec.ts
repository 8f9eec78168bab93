import { expect, test, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { signIn } from './support/booking-card.ts';
import { readStore } from './support/device-data.ts';
import { maya, newGuest, unique } from './support/own-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// A refused session keeps the user's unsent writes (docs/decisions/sealed-session.md):
// nomads are offline for days and their tokens expire meanwhile. The writes stay sealed in their
// database until the same person signs in again, and then go.

const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });

/** The kept supabase-js session of the page. */
function storedSession(page: Page): Promise<{ access_token: string; expires_at: number }> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
    return JSON.parse(localStorage.getItem(key)!) as { access_token: string; expires_at: number };
  });
}

/**
 * The access token's hour has passed (as after days offline): auth-js must refresh before any request, and
 * the server refuses the old token (its signature is spoiled here, as the stand-in's tokens last an hour).
 */
function expireStoredAccessToken(page: Page): Promise<void> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name))!;
    const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number; access_token: string };
    localStorage.setItem(key, JSON.stringify({ ...session, access_token: `${session.access_token}expired`, expires_at: Math.floor(Date.now() / 1000) - 120 }));
  });
}

async function messagesOnServer(texts: string[]): Promise<number> {
  const response = await api(`/rest/v1/messages?select=id&text=in.(${texts.map((text) => `"${text}"`).join(',')})`, { useServiceKey: true });
  return ((await response.json()) as unknown[]).length;
}

test('writes queued offline survive a refused session and go once the same user signs in again', async ({ page, context }) => {
  const guest = await newGuest('Expired Session Guest');
  await signInThroughRedirect(page, guest, `/messages?conversation=${maya.id}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  await context.setOffline(true);
  const texts = [unique('Queued one'), unique('Queued two'), unique('Queued three')];
  for (const text of texts) {
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    await expect(messageLog(page).locator('[data-status="pending"]').filter({ hasText: text })).toBeVisible();
  }

  // Elsewhere, the session is revoked (signed out everywhere); here, the access token's hour runs out.
  const { access_token } = await storedSession(page);
  expect((await api('/auth/v1/logout?scope=global', { method: 'POST', token: access_token })).status).toBe(204);
  await expireStoredAccessToken(page);
  await context.setOffline(false);

  // The refused session asks to sign in again and says what waits; nothing of the user's shows meanwhile.
  await expect(page).toHaveURL(/\/auth/, { timeout: 30_000 });
  await expect(page.getByText('Your session expired. Sign in again to send your 3 unsent changes.')).toBeVisible();
  // Sealed, not deleted: the outbox still holds the three writes.
  expect((await readStore<unknown>(page, guest.dbName, '_outbox'))?.length).toBe(3);
  expect(await messagesOnServer(texts)).toBe(0);

  await signIn(page, guest.email);
  await expect.poll(() => messagesOnServer(texts), { timeout: 20_000 }).toBe(3);
});

test('a different account signing in discards the sealed writes and says so', async ({ page, context }) => {
  const guest = await newGuest('Expired Session Guest');
  const next = await newGuest('Next Laptop User');
  await signInThroughRedirect(page, guest, `/messages?conversation=${maya.id}`);
  await expect(page.getByRole('textbox', { name: 'Message' })).toBeVisible();

  await context.setOffline(true);
  const text = unique('Never sent');
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageLog(page).locator('[data-status="pending"]').filter({ hasText: text })).toBeVisible();

  const { access_token } = await storedSession(page);
  expect((await api('/auth/v1/logout?scope=global', { method: 'POST', token: access_token })).status).toBe(204);
  await expireStoredAccessToken(page);
  await context.setOffline(false);
  await expect(page.getByText('Your session expired. Sign in again to send your 1 unsent change.')).toBeVisible({ timeout: 30_000 });

  await signIn(page, next.email);
  await expect(page.getByText(`1 unsent change of ${guest.email} was discarded`)).toBeVisible();
  await expect.poll(async () => (await page.evaluate(() => indexedDB.databases())).map((info) => info.name)).not.toContain(guest.dbName);
  expect(await messagesOnServer([text])).toBe(0);
});
