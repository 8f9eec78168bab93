import { expect, test, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { insertMessage, json, maya, newGuest, unique } from './support/own-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// Offline use (docs/decisions/mark-read-up-to.md): a chat read offline marks, once the
// signal returns, only what was on the screen, not a message that arrived on the server meanwhile.
// A new guest and Maya's inquiry thread, so no seeded unread count changes.

async function readAt(id: string): Promise<string | null> {
  const rows = await json<{ read_at: string | null }[]>(await api(`/rest/v1/messages?id=eq.${id}&select=read_at`, { useServiceKey: true }), 200);
  return rows[0]!.read_at;
}

/** Entries in the user's outbox and whether a message is on the device. */
function deviceState(page: Page, dbName: string, messageId: string): Promise<{ outbox: number; hasMessage: boolean }> {
  return page.evaluate(async ({ dbName, messageId }) => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    const get = <T,>(request: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    try {
      const tx = db.transaction(['_outbox', 'messages']);
      return { outbox: await get(tx.objectStore('_outbox').count()), hasMessage: Boolean(await get(tx.objectStore('messages').get(messageId))) };
    } finally {
      db.close();
    }
  }, { dbName, messageId });
}

test('a chat read offline marks only the messages that were shown, not one that arrived meanwhile', async ({ page, context }) => {
  test.setTimeout(90_000);
  const guest = await newGuest('Read Guest');
  const dbName = `nomadnest-${guest.id}`;
  const property = (await json<{ id: string }[]>(await api(`/rest/v1/properties?host_id=eq.${maya.id}&deleted_at=is.null&select=id&limit=1`), 200))[0]!;
  await insertMessage(guest.email, { sender_id: guest.id, receiver_id: maya.id, property_id: property.id, conversation_type: 'host_guest', text: unique('Is the pool heated?') });
  const seenText = unique('Yes, all year round');
  const seen = await insertMessage(maya.email, { sender_id: maya.id, receiver_id: guest.id, property_id: property.id, conversation_type: 'host_guest', text: seenText });

  await signInThroughRedirect(page, guest, '/dashboard');
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect.poll(() => deviceState(page, dbName, seen)).toMatchObject({ hasMessage: true });

  // Offline, the guest reads the chat: one mark-read is queued, up to the message on the screen.
  await context.setOffline(true);
  await page.goto(`/messages?conversation=${maya.id}`);
  await expect(page.getByRole('log', { name: 'Messages' }).getByText(seenText)).toBeVisible();
  await expect.poll(() => deviceState(page, dbName, seen)).toMatchObject({ outbox: 1 });
  // Meanwhile Maya writes again; the guest leaves the chat before the signal returns.
  const later = await insertMessage(maya.email, { sender_id: maya.id, receiver_id: guest.id, property_id: property.id, conversation_type: 'host_guest', text: unique('Towels are in the hall') });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  expect(await readAt(seen)).toBeNull();

  await context.setOffline(false);
  await expect.poll(() => readAt(seen), { timeout: 15_000 }).not.toBeNull();
  // The later message reached the device and the outbox is empty, yet it stays unread.
  await expect.poll(() => deviceState(page, dbName, later), { timeout: 15_000 }).toEqual({ outbox: 0, hasMessage: true });
  expect(await readAt(later)).toBeNull();
});
