import { expect, test, type Page } from '@playwright/test';
import { accessToken, api } from './support/backend-api.ts';
import { readStore, type OutboxEntry } from './support/device-data.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// Sign-out privacy (docs/decisions/sign-out-wipes-device-data.md). Villa laptops are
// shared: after Leo signs out, nothing of his may be readable from the page, by the next person or
// by Ana signing in on the same browser. And queued writes go as soon as the signal returns, not
// after the backoff they built up offline.

const leo = { email: 'leo.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000011' };
const ana = { email: 'ana.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000012' };
const leoDb = `nomadnest-${leo.id}`;
const SW_SESSION_DB = 'nomadnest-sw-session';
/** Stores that hold only public rows; Leo's id may appear there (the author of a public review). */
const publicStores = new Set(['properties', 'rooms', 'reviews', 'property_reviews', '_tombstones', '_sync_state']);

const bookingTitles = (page: Page) => page.getByRole('listitem').getByRole('heading', { level: 3 });
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const signOutButton = (page: Page) => page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' });

interface StoredRows {
  db: string;
  store: string;
  /** each row as JSON */
  rows: string[];
}

/** Every IndexedDB database of the origin, every store, every row: what any script on the page can read. */
function readAllDatabases(page: Page): Promise<StoredRows[]> {
  return page.evaluate(async () => {
    const request = <T,>(r: IDBRequest<T>) => new Promise<T>((resolve, reject) => {
      r.onsuccess = () => resolve(r.result);
      r.onerror = () => reject(r.error);
    });
    const found: StoredRows[] = [];
    for (const { name } of await indexedDB.databases()) {
      if (!name) continue;
      const open = indexedDB.open(name);
      const db = await request(open);
      db.onversionchange = () => db.close();
      try {
        for (const store of Array.from(db.objectStoreNames)) {
          const rows = await request(db.transaction(store).objectStore(store).getAll());
          found.push({ db: name, store, rows: rows.map((row) => JSON.stringify(row)) });
        }
      } finally {
        db.close();
      }
    }
    return found;
  });
}

const databaseNames = (page: Page) => page.evaluate(async () => (await indexedDB.databases()).map((info) => info.name ?? ''));

/** Cached request URLs per Cache Storage cache. */
function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) result[name] = (await (await caches.open(name)).keys()).map((request) => request.url);
    return result;
  });
}

const profilePhotoUrls = (cached: Record<string, string[]>) => Object.values(cached).flat().filter((url) => url.includes('/profile-photos/'));

/** Rows of Leo's that an Ana-token REST read can see (shared conversations, his profile as her contact). */
async function visibleTo(email: string, table: string, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const token = await accessToken(email);
  const response = await api(`/rest/v1/${table}?select=id&id=in.(${ids.join(',')})`, { token });
  expect(response.status).toBe(200);
  return new Set(((await response.json()) as { id: string }[]).map((row) => row.id));
}

/** Nothing in any database names one of `needles`; rows naming Leo's id are only public ones. */
function expectNoneReadable(dump: StoredRows[], needles: string[], what: string): void {
  for (const { db, store, rows } of dump) {
    for (const row of rows) {
      const hit = needles.find((needle) => row.includes(needle));
      expect(hit, `${what}: ${db}/${store} holds ${hit}`).toBeUndefined();
      if (row.includes(leo.id)) expect(publicStores.has(store), `${what}: ${db}/${store} holds a row naming Leo: ${row.slice(0, 200)}`).toBe(true);
    }
  }
}

test('after Leo signs out nothing of his is readable from the page, nor by Ana signing in next', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();

  // Leo's bookings and messages sync into his database; the service worker controls the page, caches
  // profile photos and holds a copy of his session for Background Sync.
  await signInThroughRedirect(page, leo, '/dashboard');
  await expect(bookingTitles(page).first()).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.goto(`/messages?conversation=${ana.id}`);
  await expect(messageLog(page).getByText('Yes! I will book the driver.')).toBeVisible();
  await expect.poll(async () => (await readStore<{ userId: string }>(page, SW_SESSION_DB, 'session'))?.[0]?.userId, { timeout: 15_000 }).toBe(leo.id);
  await expect.poll(async () => profilePhotoUrls(await cachedUrls(page)).length, { timeout: 15_000 }).toBeGreaterThan(0);

  const bookings = (await readStore<{ id: string }>(page, leoDb, 'bookings'))!;
  const messages = (await readStore<{ id: string; text: string }>(page, leoDb, 'messages'))!;
  const profiles = (await readStore<{ id: string }>(page, leoDb, 'profiles'))!;
  expect(bookings.length).toBeGreaterThan(0);
  expect(messages.length).toBeGreaterThan(0);
  expect(profiles.map((row) => row.id)).toContain(leo.id);
  const leoToken = await page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    return key ? (JSON.parse(localStorage.getItem(key)!) as { access_token: string }).access_token : null;
  });
  expect(leoToken).toBeTruthy();
  const cachedPhotosBefore = profilePhotoUrls(await cachedUrls(page));
  console.log(`Leo's device data before sign-out: ${bookings.length} bookings, ${messages.length} messages, ${profiles.length} profiles, ${cachedPhotosBefore.length} cached profile photos`);

  // A second tab shows his bookings.
  const otherTab = await context.newPage();
  await otherTab.goto('/dashboard');
  await expect(bookingTitles(otherTab).first()).toBeVisible();

  // Sign out (nothing unsent, so no question).
  await signOutButton(page).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => databaseNames(page), { timeout: 10_000 }).not.toContain(leoDb);

  // The other tab stops showing his data.
  await expect(otherTab).toHaveURL(/\/auth\?redirect=/);
  await expect(bookingTitles(otherTab)).toHaveCount(0);

  // Every database the page can open: none of his bookings, messages, profile or token.
  const ids = [...bookings.map((row) => row.id), ...messages.map((row) => row.id)];
  const privateTexts = messages.map((row) => row.text).filter((text) => text.length >= 12);
  const afterSignOut = await readAllDatabases(page);
  console.log(`Databases left after sign-out: ${[...new Set(afterSignOut.map((entry) => entry.db))].join(', ')}`);
  expectNoneReadable(afterSignOut, [...ids, ...privateTexts, leoToken!], 'after sign-out');
  expect(afterSignOut.some(({ store, rows }) => store === 'profiles' && rows.some((row) => row.includes(`"id":"${leo.id}"`)))).toBe(false);
  // The service worker's copy of the session is gone, and so is the stored session.
  expect((await readStore(page, SW_SESSION_DB, 'session')) ?? []).toEqual([]);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name)))).toEqual([]);
  // Profile photos left no cache entry and no expiration record (which would name their URLs).
  const cachedAfter = await cachedUrls(page);
  expect(profilePhotoUrls(cachedAfter)).toEqual([]);
  expect(afterSignOut.filter(({ rows }) => rows.some((row) => row.includes('/profile-photos/')))).toEqual([]);

  // Ana signs in on the same browser: her data syncs, Leo's stays gone (except what is hers too:
  // their shared conversation, his profile as her contact).
  await signInThroughRedirect(page, ana, '/dashboard');
  await expect(bookingTitles(page).first()).toBeVisible();
  await page.goto(`/messages?conversation=${leo.id}`);
  await expect(messageLog(page).getByText('Yes! I will book the driver.')).toBeVisible();
  const [anaSeesBookings, anaSeesMessages] = await Promise.all([
    visibleTo(ana.email, 'bookings', bookings.map((row) => row.id)),
    visibleTo(ana.email, 'messages', messages.map((row) => row.id)),
  ]);
  const leoOnly = [...bookings.map((row) => row.id).filter((id) => !anaSeesBookings.has(id)), ...messages.map((row) => row.id).filter((id) => !anaSeesMessages.has(id))];
  const sharedTexts = new Set(messages.filter((row) => anaSeesMessages.has(row.id)).map((row) => row.text));
  const leoOnlyTexts = messages.filter((row) => !anaSeesMessages.has(row.id) && !sharedTexts.has(row.text) && row.text.length >= 12).map((row) => row.text);
  expect(leoOnly.length).toBeGreaterThan(0);
  const withAna = await readAllDatabases(page);
  expect(await databaseNames(page)).not.toContain(leoDb);
  for (const { db, store, rows } of withAna) {
    for (const row of rows) {
      const hit = [...leoOnly, ...leoOnlyTexts, leoToken!].find((needle) => row.includes(needle));
      expect(hit, `with Ana signed in: ${db}/${store} holds ${hit}`).toBeUndefined();
    }
  }
  const mirror = (await readStore<{ userId: string }>(page, SW_SESSION_DB, 'session')) ?? [];
  expect(mirror.every((record) => record.userId === ana.id)).toBe(true);
  console.log(`With Ana signed in: ${leoOnly.length} rows only Leo may read, none on the device`);

  await context.close();
});

test('signing out offline with an unsent message asks, then signs this device out and wipes it', async ({ browser }) => {
  test.setTimeout(120_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughRedirect(page, leo, `/messages?conversation=${ana.id}`);
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  // Reloaded once so the service worker controls the page: offline, it serves the chunks not loaded yet (the question).
  await page.reload();
  await expect(messageLog(page).getByText('Yes! I will book the driver.')).toBeVisible();

  await context.setOffline(true);
  const text = `Never sent ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageLog(page).locator('[data-message-id]').filter({ hasText: text })).toHaveAttribute('data-status', 'pending');

  // The question says what a sign-out now does to unsent changes.
  await signOutButton(page).click();
  const question = page.getByRole('alertdialog', { name: 'Sign out with unsent changes?' });
  await expect(question).toContainText('1 change has not been sent yet. Signing out deletes your data from this device, so it will be lost.');
  await question.getByRole('button', { name: 'Sign Out and Delete' }).click();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => databaseNames(page), { timeout: 10_000 }).not.toContain(leoDb);
  expect(await page.evaluate(() => Object.keys(localStorage).filter((name) => /^sb-.+-auth-token$/.test(name)))).toEqual([]);
  // Still signed out after an offline reload (served by the service worker).
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  // Back online, the deleted message never reaches the server (nothing kept it to send). Leo signs in on
  // this device again and sends a later message: the outbox sends in order, so once the later one is on
  // the server anything this device still held would be there before it.
  await context.setOffline(false);
  await signInThroughRedirect(page, leo, `/messages?conversation=${ana.id}`);
  const later = `Sent after signing in again ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(later);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageLog(page).locator('[data-message-id]').filter({ hasText: later })).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
  const onServer = async (body: string) => (await (await api(`/rest/v1/messages?select=id&text=eq.${encodeURIComponent(body)}`, { useServiceKey: true })).json()) as unknown[];
  expect(await onServer(later)).toHaveLength(1);
  expect(await onServer(text)).toEqual([]);
  await context.close();
});

test('a write queued offline reaches the server within moments of reconnecting, whatever backoff it built up', async ({ browser }) => {
  test.setTimeout(180_000);
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughRedirect(page, leo, `/messages?conversation=${ana.id}`);
  await expect(messageLog(page).getByText('Yes! I will book the driver.')).toBeVisible();
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

  await context.setOffline(true);
  const text = `Queued while offline ${Date.now().toString(36)}`;
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
  await expect(messageLog(page).locator('[data-message-id]').filter({ hasText: text })).toHaveAttribute('data-status', 'pending');

  // Offline, each attempt fails and the next waits longer (exponential backoff with jitter).
  let head: OutboxEntry | undefined;
  await expect
    .poll(async () => {
      head = ((await readStore<OutboxEntry>(page, leoDb, '_outbox')) ?? []).find((entry) => entry.status === 'queued');
      return head ? head.nextAttemptAt - Date.now() : 0;
    }, { timeout: 120_000, intervals: [250] })
    .toBeGreaterThan(5_000);
  const backoffLeft = head!.nextAttemptAt - Date.now();

  const reconnectedAt = Date.now();
  await context.setOffline(false);
  let createdAt: string | undefined;
  await expect
    .poll(async () => {
      const response = await api(`/rest/v1/messages?select=created_at&text=eq.${encodeURIComponent(text)}`, { useServiceKey: true });
      createdAt = ((await response.json()) as { created_at: string }[])[0]?.created_at;
      return Boolean(createdAt);
    }, { timeout: 30_000, intervals: [50] })
    .toBe(true);
  // The stand-in runs on this machine, so its clock is the test's.
  const delay = Date.parse(createdAt!) - reconnectedAt;
  console.log(`Reconnect → message on the server: ${delay} ms (backoff left when the signal returned: ${backoffLeft} ms after ${head!.attempts} attempts)`);
  test.info().annotations.push({ type: 'reconnect-delay-ms', description: String(delay) });
  expect(delay).toBeLessThan(1_000);
  await expect(messageLog(page).locator('[data-message-id]').filter({ hasText: text })).toHaveAttribute('data-status', 'sent');

  await context.close();
});
