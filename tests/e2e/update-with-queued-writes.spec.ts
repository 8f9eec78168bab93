import { expect, test, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { demoPassword } from './support/backend.ts';
import { checkForUpdate, controllerBuild, isMarkedDocument, markDocument, twoBuilds, type TwoBuilds } from './support/two-builds.ts';

// "Reload" on "New version available" must not wait for the queued writes (docs/decisions/update-with-queued-writes.md).
// A write queued offline is left waiting out a long server backoff (as after repeated 5xx); when the signal
// returns the browser fires the outbox sync in the old service worker. Choosing Reload must still switch
// to the new build at once, say so while it does, and the write must reach the server exactly once later.

const leo = { email: 'leo.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000011' };
const ana = { id: 'a0000000-0000-4000-8000-000000000012' };
const OUTBOX_SYNC_TAG = 'nomadnest-outbox';
const leoDbName = `nomadnest-${leo.id}`;
/** Far longer than an update may take: an update that waits for it shows. */
const BACKOFF_MS = 50_000;

async function serverCopies(text: string): Promise<number> {
  const response = await api(`/rest/v1/messages?select=id&text=eq.${encodeURIComponent(text)}`, { useServiceKey: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as unknown[]).length;
}

/** Sets when the queued write of `entityId` is next tried (and why it waits), as the engine would after failures. */
function setNextAttempt(page: Page, entityId: string, waitMs: number): Promise<number> {
  return page.evaluate(
    ({ dbName, entityId, waitMs }) =>
      new Promise<number>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const store = db.transaction('_outbox', 'readwrite').objectStore('_outbox');
          let changed = 0;
          store.openCursor().onsuccess = (event) => {
            const cursor = (event.target as IDBRequest<IDBCursorWithValue | null>).result;
            if (!cursor) return;
            const entry = cursor.value as { entityId: string; attempts: number; nextAttemptAt: number; lastError: unknown };
            if (entry.entityId === entityId) {
              cursor.update({ ...entry, attempts: 7, nextAttemptAt: Date.now() + waitMs, lastError: { kind: 'server', code: null, message: 'HTTP 503' } });
              changed += 1;
            }
            cursor.continue();
          };
          store.transaction.oncomplete = () => {
            db.close();
            resolve(changed);
          };
          store.transaction.onerror = () => reject(store.transaction.error);
        };
      }),
    { dbName: leoDbName, entityId, waitMs },
  );
}

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('update with queued writes', () => {
  let builds: TwoBuilds;

  test.beforeAll(async () => {
    builds = await twoBuilds();
  });

  test.afterAll(async () => {
    await builds?.dispose();
  });

  test('Reload switches to the new version at once while a queued write waits out a backoff, and the write is sent once', async ({ browser }) => {
    test.setTimeout(120_000);
    const { server, buildA, buildB } = builds;
    server.serve(buildA);
    const context = await browser.newContext();
    // A page of the origin without the app (a file of public/): it edits the mirror while the app is closed.
    const helper = await context.newPage();
    await helper.goto(`${server.origin}/robots.txt`);

    const page = await context.newPage();
    await page.goto(`${server.origin}/messages?conversation=${ana.id}`);
    await expect(page).toHaveURL(/\/auth\?redirect=/);
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill(leo.email);
    await form.getByLabel('Password').fill(demoPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.getByText('Yes! I will book the driver.')).toBeVisible();
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await expect.poll(() => controllerBuild(page)).toBe('A');

    // Offline, a message is queued and the page asks for the outbox sync; then the app is closed.
    await context.setOffline(true);
    const text = `Queued across an update ${Date.now().toString(36)}`;
    await page.getByRole('textbox', { name: 'Message' }).fill(text);
    await page.getByRole('button', { name: 'Send', exact: true }).click();
    const bubble = log.locator('[data-message-id]').filter({ hasText: text });
    await expect(bubble).toHaveAttribute('data-status', 'pending');
    const messageId = (await bubble.getAttribute('data-message-id'))!;
    await expect
      .poll(() => page.evaluate(async () => {
        const registration = (await navigator.serviceWorker.ready) as ServiceWorkerRegistration & { sync: { getTags(): Promise<string[]> } };
        return registration.sync.getTags();
      }))
      .toContain(OUTBOX_SYNC_TAG);
    await page.close();

    // The write now waits out a long server backoff. The signal returns: the browser fires the sync in
    // the old worker, and DevTools fires it as well (so the test does not hang on the browser's timing).
    expect(await setNextAttempt(helper, messageId, BACKOFF_MS)).toBe(1);
    await context.setOffline(false);
    const cdp = await context.newCDPSession(helper);
    const registrationId = new Promise<string>((resolve) => {
      cdp.on('ServiceWorker.workerRegistrationUpdated', ({ registrations }) => {
        const registration = registrations.find((r) => !r.isDeleted && r.scopeURL.startsWith(server.origin));
        if (registration) resolve(registration.registrationId);
      });
    });
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.dispatchSyncEvent', { origin: server.origin, registrationId: await registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });

    // The app is opened again: the message is still queued.
    const app = await context.newPage();
    await app.goto(`${server.origin}/messages?conversation=${ana.id}`);
    const appBubble = app.getByRole('log', { name: 'Messages' }).locator('[data-message-id]').filter({ hasText: text });
    await expect(appBubble).toHaveAttribute('data-status', 'pending');
    expect(await controllerBuild(app)).toBe('A');

    // A new build is deployed and found; the user chooses Reload.
    server.serve(buildB);
    await checkForUpdate(app);
    await expect(toasts(app).getByText('New version available')).toBeVisible({ timeout: 20_000 });
    // What the page says after the click is kept in sessionStorage, which outlives the reload.
    await app.evaluate(() => {
      const record = () => {
        if (document.body.textContent?.includes('Updating…')) sessionStorage.setItem('e2e-saw-updating', '1');
      };
      new MutationObserver(record).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await markDocument(app);
    await toasts(app).getByRole('button', { name: 'Reload' }).click();

    // The switch happens now, not when the write's backoff ends.
    await expect.poll(() => isMarkedDocument(app), { timeout: 15_000, message: 'the page reloads under the new version at once' }).toBe(false);
    await expect.poll(() => controllerBuild(app).catch(() => null), { timeout: 10_000 }).toBe('B');
    expect(await app.evaluate(() => sessionStorage.getItem('e2e-saw-updating')), 'the page said "Updating…" before reloading').toBe('1');

    // The queue is still on the device, untouched by the hand-over.
    await expect(appBubble).toHaveAttribute('data-status', 'pending');
    expect(await serverCopies(text)).toBe(0);

    // The backoff ends; a later message goes through the same outbox, after the first: once it is on the
    // server, the first is there too, and a second copy of it would be as well.
    expect(await setNextAttempt(app, messageId, 0)).toBe(1);
    const later = `Sent after the update ${Date.now().toString(36)}`;
    await app.getByRole('textbox', { name: 'Message' }).fill(later);
    await app.getByRole('button', { name: 'Send', exact: true }).click();
    await expect.poll(() => serverCopies(later), { timeout: 15_000 }).toBe(1);
    expect(await serverCopies(text)).toBe(1);
    await expect(appBubble).toHaveAttribute('data-status', 'sent');
    await context.close();
  });
});
