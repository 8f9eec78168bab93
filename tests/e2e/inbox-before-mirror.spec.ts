import { expect, test } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { signIn } from './support/booking-card.ts';
import { readStore } from './support/device-data.ts';
import { newAccount } from './support/new-account.ts';
import { unique } from './support/own-data.ts';

// docs/decisions/inbox-before-mirror.md: a first visit lists the inbox and opens a chat from the server's
// answers while the pull's pages of messages are still on their way, and the mirror fills behind them.
// The worker is blocked so every request of the page goes through page.route.
test.use({ serviceWorkers: 'block' });

/** A GET of the pull's message pages (keyset pages ordered by updated_at, src/sync/pull.ts). */
const isPullPage = (url: URL) => url.pathname === '/rest/v1/messages' && (url.searchParams.get('order') ?? '').startsWith('updated_at');

test('a first visit shows the inbox and a chat before the messages have synced', async ({ page }) => {
  test.setTimeout(90_000);
  const guest = await newAccount('Iris Inbox', { role: 'guest', label: 'inbox-first' });
  const friend = await newAccount('Felix Firstread', { role: 'guest', label: 'inbox-friend' });
  const lastText = unique('See you at the pool at six');
  // 60 messages: more than the chat's first page (50), so only the pull brings the oldest ten. The last one
  // goes on its own, so it is the newest (one insert gives its rows one time).
  const rows = Array.from({ length: 60 }, (_, index) => {
    const mine = index % 2 === 0;
    return { sender_id: mine ? guest.id : friend.id, receiver_id: mine ? friend.id : guest.id, conversation_type: 'guest_guest', text: index === 59 ? lastText : `Earlier message ${index + 1}` };
  });
  for (const batch of [rows.slice(0, 59), rows.slice(59)]) {
    expect((await api('/rest/v1/messages', { method: 'POST', useServiceKey: true, body: JSON.stringify(batch) })).status).toBe(201);
  }

  // The pull's pages of messages wait until the inbox and the chat are on screen.
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(isPullPage, async (route) => {
    await released;
    await route.continue();
  });

  await page.goto(`/auth?redirect=${encodeURIComponent('/messages')}`);
  await signIn(page, guest.email);
  const row = page.getByRole('tabpanel').getByRole('link', { name: /Felix Firstread/ });
  // A first sign-in on a busy CI machine: the inbox may take longer than one expect's default.
  await expect(row).toBeVisible({ timeout: 30_000 });
  await expect(row).toContainText(lastText);
  await expect(row.getByText('30 unread')).toBeAttached();
  // Nothing of the thread is on the device yet.
  expect((await readStore(page, guest.dbName, 'messages')) ?? []).toHaveLength(0);

  await row.click();
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(lastText, { exact: true })).toBeVisible();
  const bubbles = log.locator('[data-message-id]');
  await expect(bubbles).toHaveCount(50);
  await expect(page.getByRole('region', { name: 'Chat with Felix Firstread' })).toBeVisible();

  // The pull goes on behind: once its pages pass, the mirror holds the whole thread.
  release();
  await expect.poll(async () => (await readStore(page, guest.dbName, 'messages'))?.length ?? 0, { timeout: 30_000 }).toBe(60);
  await expect(bubbles).toHaveCount(60);
  await expect(log.getByText(lastText, { exact: true })).toBeVisible();
});
