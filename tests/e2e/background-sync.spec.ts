import { expect, test, type CDPSession } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { demoPassword } from './support/backend.ts';

// Background Sync (Chromium): a message written offline reaches the server after the app was closed,
// sent by the service worker when the browser fires the outbox sync. Playwright's offline emulation
// reaches the service worker, and Chromium fires the pending sync by itself when it ends; DevTools
// (ServiceWorker.dispatchSyncEvent) fires it too, so the test does not depend on the browser's timing
// and also proves that a second sync (a browser retry) sends nothing twice.

const leo = { email: 'leo.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000011' };
const ana = { id: 'a0000000-0000-4000-8000-000000000012' };
const OUTBOX_SYNC_TAG = 'nomadnest-outbox';

async function serverCopies(text: string): Promise<number> {
  const response = await api(`/rest/v1/messages?select=id&text=eq.${encodeURIComponent(text)}`, { useServiceKey: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** The id of the origin's service worker registration, from DevTools' ServiceWorker domain. */
async function registrationIdFor(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
      const registration = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(origin));
      if (registration) resolve(registration.registrationId);
    });
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

test('a message written offline is sent by the service worker after the app was closed', async ({ browser, baseURL }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto(`/messages?conversation=${ana.id}`);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(leo.email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(new RegExp(`/messages\\?conversation=${ana.id}$`));
  const log = page.getByRole('log', { name: 'Messages' });
  await expect(log.getByText('Yes! I will book the driver.')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  // Offline: the message is stored and shown pending; the page asks for a sync.
  await context.setOffline(true);
  const text = `Sent by the service worker ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  const bubble = log.locator('[data-message-id]').filter({ hasText: text });
  await expect(bubble).toHaveAttribute('data-status', 'pending');
  await expect
    .poll(() => page.evaluate(async () => {
      const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
      return registration.sync.getTags();
    }))
    .toContain(OUTBOX_SYNC_TAG);

  // The app is closed while still offline; nothing reached the server.
  await page.close();
  expect(context.pages()).toHaveLength(0);
  expect(await serverCopies(text)).toBe(0);

  // The signal returns: the browser fires the sync, and DevTools fires it as well. A blank tab hosts
  // the DevTools session only (the ServiceWorker domain exists on page targets, not on the browser's);
  // about:blank is not a page of the app and its service worker does not control it.
  await context.setOffline(false);
  const devtoolsHost = await context.newPage();
  const cdp = await context.newCDPSession(devtoolsHost);
  const origin = new URL(baseURL!).origin;
  const registrationId = await registrationIdFor(cdp, origin);
  const fireSync = () => cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });
  await fireSync();

  await expect.poll(() => serverCopies(text), { timeout: 30_000 }).toBe(1);
  expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
  // A second sync (a browser retry) runs after the first (the worker chains them) and finds the outbox
  // empty once the first acknowledged the write (checked below); the later message at the end proves no copy followed.
  await fireSync();

  // The SW acknowledged it locally too: nothing left in Leo's outbox, so nothing is sent twice.
  const [worker] = context.serviceWorkers();
  expect(worker).toBeDefined();
  await expect
    .poll(() =>
      worker!.evaluate(
        (dbName) =>
          new Promise<number>((resolve, reject) => {
            const request = indexedDB.open(dbName);
            request.onerror = () => reject(request.error);
            request.onsuccess = () => {
              const db = request.result;
              const count = db.transaction('_outbox').objectStore('_outbox').count();
              count.onsuccess = () => {
                db.close();
                resolve(count.result);
              };
              count.onerror = () => reject(count.error);
            };
          }),
        `nomadnest-${leo.id}`,
      ),
    )
    .toBe(0);
  // Reopening the app shows it sent, and the server still holds one copy.
  const reopened = await context.newPage();
  await reopened.goto(`/messages?conversation=${ana.id}`);
  const reopenedBubble = reopened.getByRole('log', { name: 'Messages' }).locator('[data-message-id]').filter({ hasText: text });
  await expect(reopenedBubble).toHaveAttribute('data-status', 'sent');
  // A later message goes through the same outbox, in order and under the lock the worker's push takes:
  // once it is on the server, a second copy of the first would be there too.
  const later = `Sent after reopening ${Date.now().toString(36)}`;
  await reopened.getByRole('textbox', { name: 'Message' }).fill(later);
  await reopened.getByRole('button', { name: 'Send', exact: true }).click();
  await expect.poll(() => serverCopies(later), { timeout: 15_000 }).toBe(1);
  expect(await serverCopies(text)).toBe(1);
  await context.close();
});
