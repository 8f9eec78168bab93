import { expect, test } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { json, maya, newGuest, unique } from './support/own-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// Typing fast in a long chat offline: each message typed and sent with Enter, the next typed at once, no
// waiting for the box to clear. Every keystroke and every Enter counts: all messages arrive once, whole and
// in order, once the signal returns. A new guest and an inquiry thread with Maya that no other spec reads.

const MESSAGE_COUNT = 30;
const EARLIER_MESSAGES = 200;

test('thirty messages typed with Enter between them, offline and without waits, all arrive once and in order', async ({ page, context }) => {
  test.setTimeout(180_000);
  const guest = await newGuest('Fast Typist');
  const property = (await json<{ id: string }[]>(await api(`/rest/v1/properties?host_id=eq.${maya.id}&deleted_at=is.null&select=id&limit=1`), 200))[0]!;
  // A long chat: the device stores each new message beside 200 earlier ones.
  const earlier = Array.from({ length: EARLIER_MESSAGES }, (_, index) => ({
    sender_id: index % 2 === 0 ? guest.id : maya.id,
    receiver_id: index % 2 === 0 ? maya.id : guest.id,
    property_id: property.id,
    conversation_type: 'host_guest',
    text: `Earlier message ${index + 1}`,
  }));
  await json(await api('/rest/v1/messages', { method: 'POST', useServiceKey: true, body: JSON.stringify(earlier) }), 201);

  await signInThroughRedirect(page, guest, `/messages?conversation=${maya.id}`);
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText(`Earlier message ${EARLIER_MESSAGES}`, { exact: true })).toBeVisible();

  await context.setOffline(true);
  const run = unique('fast');
  const texts = Array.from({ length: MESSAGE_COUNT }, (_, index) => `${run} message ${index + 1} of ${MESSAGE_COUNT}`);
  const box = page.getByRole('textbox', { name: 'Message' });
  const syncStatus = (label: string) => page.getByRole('button', { name: new RegExp(`^Sync status: ${label}\\.`) });
  await box.click();
  for (const text of texts) {
    await page.keyboard.type(text);
    await page.keyboard.press('Enter');
  }
  await expect(box).toHaveValue('');
  await expect(syncStatus('Offline')).toBeVisible();

  // Back online, the outbox empties; then the server holds exactly these messages, whole, once each and in
  // the order they were typed.
  await context.setOffline(false);
  await expect(syncStatus('Synced')).toBeVisible({ timeout: 30_000 });
  const sent = await json<{ text: string }[]>(await api(`/rest/v1/messages?sender_id=eq.${guest.id}&text=like.${encodeURIComponent(`${run}*`)}&select=text&order=created_at.asc`, { useServiceKey: true }), 200);
  expect(sent.map((row) => row.text)).toEqual(texts);
  const shown = (await log.locator('[data-message-id] > p').allTextContents()).filter((text) => text.includes(run));
  expect(shown).toEqual(texts);
});
