import { expect, test, type Page } from '@playwright/test';
import { openSignedIn, signInThroughRedirect } from './support/sign-in-redirect.ts';
import { api } from './support/backend-api.ts';
import { viewports } from './support/screenshots.ts';

// The offline journeys. Ana (guest) and her Lisbon host Tiago have a seeded conversation no other spec
// reads or writes (supabase/seed/generate-seed-sql.ts); Kenji, a guest of Tiago's, has none with him yet.

const people = {
  ana: { email: 'ana.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000012', name: 'Ana Kowalski' },
  tiago: { email: 'tiago.host@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000002', name: 'Tiago Ferreira' },
  kenji: { email: 'kenji.guest@nomadnest.test', id: 'a0000000-0000-4000-8000-000000000017', name: 'Kenji Watanabe' },
} as const;
type Person = (typeof people)[keyof typeof people];

/** Ana's stays in the seed: Ubud (current), Lisbon (current and a cancelled one), Tbilisi (completed). */
const anasPlaces = ['Rice Terrace Coliving Villa', 'Alfama Rooftop House', 'Sololaki Balcony House'];
const anaAndTiagoSeed = ['Olá Tiago, could I get a second pillow in the Azulejo Room?', 'Of course, it is in the hall cupboard. Enjoy Lisbon!'];

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;

const chatWith = (person: Person) => `/messages?conversation=${person.id}`;
const messageLog = (page: Page) => page.getByRole('log', { name: 'Messages' });
const bubble = (page: Page, text: string) => messageLog(page).locator('[data-message-id]').filter({ hasText: text });
const syncStatus = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^Sync status: ${label}\\.`) });
const bookingTitles = (page: Page) => page.getByRole('listitem').getByRole('heading', { level: 3 });

async function send(page: Page, text: string): Promise<void> {
  await page.getByRole('textbox', { name: 'Message' }).fill(text);
  await page.getByRole('button', { name: 'Send', exact: true }).click();
}

/** Message texts in the open thread, oldest first. */
const threadTexts = (page: Page) => messageLog(page).locator('[data-message-id] > p').allTextContents();

/** Copies of a message on the server (service role: sees every row). */
async function serverCopies(text: string): Promise<{ id: string; created_at: string }[]> {
  const response = await api(`/rest/v1/messages?text=eq.${encodeURIComponent(text)}&select=id,created_at`, { useServiceKey: true });
  expect(response.status).toBe(200);
  return (await response.json()) as { id: string; created_at: string }[];
}

/** An ISO timestamp in microseconds (the server's precision; Date.parse stops at milliseconds). */
function microseconds(iso: string): number {
  const fraction = /\.(\d+)/.exec(iso)?.[1] ?? '';
  return Date.parse(iso.replace(/\.\d+/, '')) * 1000 + Number(fraction.padEnd(6, '0').slice(0, 6));
}

async function serviceWorkerReady(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
}

interface StoredSession {
  access_token: string;
  refresh_token: string;
  expires_at: number;
}

/** supabase-js keeps its session in localStorage under `sb-<host>-auth-token` (default storage key). */
function readStoredSession(page: Page): Promise<StoredSession | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    return key ? (JSON.parse(localStorage.getItem(key)!) as StoredSession) : null;
  });
}

function expireStoredAccessToken(page: Page): Promise<void> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((name) => /^sb-.+-auth-token$/.test(name));
    if (!key) throw new Error('no stored session');
    const session = JSON.parse(localStorage.getItem(key)!) as { expires_at: number; expires_in?: number };
    session.expires_at = Math.floor(Date.now() / 1000) - 3600;
    localStorage.setItem(key, JSON.stringify(session));
  });
}

test.describe('installable app', () => {
  test('serves a valid web app manifest with its icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'NomadNest', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  });

  test('the service worker takes control and serves the shell offline', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('offline reading', () => {
  test('a signed-in guest reloads offline and still sees conversations and messages', async ({ page, context }) => {
    test.setTimeout(90_000);
    await signInThroughRedirect(page, { email: 'leo.guest@nomadnest.test' }, '/messages');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Leo's guest conversation with Ana (supabase/seed/README.md).
    const conversation = page.getByRole('tabpanel').getByRole('link', { name: /Ana Kowalski/ });
    await conversation.click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('[data-message-id]').first()).toBeVisible();
    const messageCount = await log.locator('[data-message-id]').count();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await conversation.click();
    await expect(log.locator('[data-message-id]')).toHaveCount(messageCount);
    await context.setOffline(false);
  });
});

test.describe('offline journey', () => {
  test('bookings and a conversation reload offline; two messages written offline are delivered once, live and in order', async ({ browser }) => {
    test.setTimeout(180_000);
    const ana = await openSignedIn(browser, people.ana, '/dashboard');
    await expect(bookingTitles(ana.page).filter({ hasText: anasPlaces[0]! })).toBeVisible();
    await ana.page.goto(chatWith(people.tiago));
    for (const text of anaAndTiagoSeed) await expect(messageLog(ana.page).getByText(text)).toBeVisible();
    await serviceWorkerReady(ana.page);

    // Tiago has the conversation open before Ana goes offline.
    const tiago = await openSignedIn(browser, people.tiago, chatWith(people.ana));
    await expect(messageLog(tiago.page).getByText(anaAndTiagoSeed[0]!)).toBeVisible();

    // Offline: a reload of each page is served by the service worker and filled from the local database.
    await ana.context.setOffline(true);
    await ana.page.goto('/dashboard');
    await expect(syncStatus(ana.page, 'Offline')).toBeVisible();
    for (const place of anasPlaces) await expect(bookingTitles(ana.page).filter({ hasText: place }).first()).toBeVisible();
    await ana.page.goto(chatWith(people.tiago));
    await ana.page.reload();
    for (const text of anaAndTiagoSeed) await expect(messageLog(ana.page).getByText(text)).toBeVisible();

    // Two replies written offline: both shown at once, marked pending, and not on the server.
    const first = unique('First reply written offline');
    const second = unique('Second reply written offline');
    await send(ana.page, first);
    await expect(bubble(ana.page, first)).toHaveAttribute('data-status', 'pending');
    await send(ana.page, second);
    for (const text of [first, second]) {
      await expect(bubble(ana.page, text)).toHaveAttribute('data-status', 'pending');
      await expect(bubble(ana.page, text).getByText('Sending…')).toBeVisible();
    }
    expect((await threadTexts(ana.page)).slice(-2)).toEqual([first, second]);
    await expect(syncStatus(ana.page, 'Offline')).toHaveAttribute('aria-label', /2 changes will be sent when you are back online/);
    expect(await serverCopies(first)).toHaveLength(0);
    expect(await serverCopies(second)).toHaveLength(0);

    // The queue survives an offline reload, and the dashboard still reads offline (phone-width screenshot).
    await ana.page.setViewportSize(viewports.phone);
    await ana.page.goto('/dashboard');
    await expect(bookingTitles(ana.page).filter({ hasText: anasPlaces[1]! }).first()).toBeVisible();
    // On a phone the state shows beside the closed menu button, not only inside the menu.
    await expect(ana.page.getByRole('button', { name: 'Open menu' })).toBeVisible();
    await expect(syncStatus(ana.page, 'Offline')).toHaveAttribute('aria-label', /2 changes will be sent/);
    await ana.page.screenshot({ path: 'test-results/screenshots/offline-dashboard-pending-phone.png', fullPage: true });
    await ana.page.goto(chatWith(people.tiago));
    for (const text of [first, second]) await expect(bubble(ana.page, text)).toHaveAttribute('data-status', 'pending');
    await ana.page.screenshot({ path: 'test-results/screenshots/offline-chat-pending-phone.png', fullPage: true });
    await ana.page.setViewportSize(viewports.desktop);

    // Back online: both are sent, the pending marks clear, and Tiago's open chat shows them live (no reload).
    await ana.context.setOffline(false);
    for (const text of [first, second]) await expect(bubble(ana.page, text)).toHaveAttribute('data-status', 'sent', { timeout: 30_000 });
    await expect(messageLog(ana.page).getByText('Sending…')).toHaveCount(0);
    await expect(syncStatus(ana.page, 'Synced')).toBeVisible({ timeout: 15_000 });
    await expect.poll(async () => (await threadTexts(tiago.page)).filter((text) => text === first || text === second), { timeout: 15_000 }).toEqual([first, second]);

    // Exactly once: one row each on the server (the outbox is empty, so nothing else can arrive), in order.
    const [firstRows, secondRows] = [await serverCopies(first), await serverCopies(second)];
    expect(firstRows).toHaveLength(1);
    expect(secondRows).toHaveLength(1);
    expect(microseconds(firstRows[0]!.created_at)).toBeLessThan(microseconds(secondRows[0]!.created_at));
    // ... and once in each thread after a fresh load from the server.
    for (const page of [ana.page, tiago.page]) {
      await page.reload();
      await expect(messageLog(page).getByText(anaAndTiagoSeed[0]!)).toBeVisible();
      await expect(messageLog(page).getByText(first, { exact: true })).toHaveCount(1);
      await expect(messageLog(page).getByText(second, { exact: true })).toHaveCount(1);
    }

    await ana.context.close();
    await tiago.context.close();
  });

  test('two messages written offline reach the reader in the order they were written', async ({ browser }) => {
    // Messages written offline go out in one upsert, so their order must come from the server's created_at
    // (migration 20250601001100), never from their ids: Ana's ids are made to sort against the order she
    // writes in, so a tie broken by id would show the wrong order every time.
    test.setTimeout(120_000);
    const context = await browser.newContext();
    await context.addInitScript(() => {
      // Unique across reloads and descending within a page: each new id sorts before the previous ones.
      let next = 0xffffffffffff - Date.now() * 16;
      crypto.randomUUID = () => `ffffffff-ffff-4fff-bfff-${(next--).toString(16).padStart(12, '0')}` as ReturnType<Crypto['randomUUID']>;
    });
    const ana = { context, page: await context.newPage() };
    await signInThroughRedirect(ana.page, people.ana, chatWith(people.tiago));
    await expect(messageLog(ana.page).getByText(anaAndTiagoSeed[0]!)).toBeVisible();
    const tiago = await openSignedIn(browser, people.tiago, chatWith(people.ana));
    await expect(messageLog(tiago.page).getByText(anaAndTiagoSeed[0]!)).toBeVisible();

    await ana.context.setOffline(true);
    const first = unique('Order check one');
    const second = unique('Order check two');
    await send(ana.page, first);
    await expect(bubble(ana.page, first)).toHaveAttribute('data-status', 'pending');
    await send(ana.page, second);
    await expect(bubble(ana.page, second)).toHaveAttribute('data-status', 'pending');
    await ana.context.setOffline(false);
    for (const text of [first, second]) await expect(messageLog(tiago.page).getByText(text, { exact: true })).toHaveCount(1, { timeout: 30_000 });

    const ours = async (page: Page) => (await threadTexts(page)).filter((text) => text === first || text === second);
    await expect.poll(() => ours(tiago.page), { timeout: 5_000 }).toEqual([first, second]);
    await expect.poll(() => ours(ana.page), { timeout: 5_000 }).toEqual([first, second]);

    await ana.context.close();
    await tiago.context.close();
  });
});

// An expired access token with a valid refresh token never signs the user out while
// offline, and the session refreshes once the signal returns.
test.describe('auth offline', () => {
  test('an expired access token does not sign the user out offline; online the session refreshes and sends', async ({ page, context }) => {
    test.setTimeout(180_000);
    await signInThroughRedirect(page, people.kenji, '/dashboard');
    await expect(bookingTitles(page).filter({ hasText: 'Alfama Rooftop House' })).toBeVisible();
    await page.goto(chatWith(people.tiago));
    const before = unique('Sent before the signal dropped');
    await send(page, before);
    await expect(bubble(page, before)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
    await serviceWorkerReady(page);
    const signedIn = await readStoredSession(page);
    expect(signedIn?.refresh_token).toBeTruthy();

    await context.setOffline(true);
    await expireStoredAccessToken(page);
    // supabase-js retries the refresh for up to 30 s, then reports INITIAL_SESSION without a session (and
    // logs the AuthRetryableFetchError as a warning): the app must not take that for a sign-out.
    const refreshGaveUp = page.waitForEvent('console', { predicate: (message) => message.type() === 'warning' && /AuthRetryableFetchError/.test(message.text()), timeout: 60_000 });
    await page.goto('/dashboard');
    // Signed in at once (not after the 30 s), from local data, with the nav saying offline.
    await expect(syncStatus(page, 'Offline')).toBeVisible();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(bookingTitles(page).filter({ hasText: 'Alfama Rooftop House' })).toBeVisible();
    await refreshGaveUp;
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('button', { name: 'Sign Out' })).toBeVisible();
    await expect(syncStatus(page, 'Offline')).toBeVisible();
    await expect(bookingTitles(page).filter({ hasText: 'Alfama Rooftop House' })).toBeVisible();
    await page.goto(chatWith(people.tiago));
    await expect(page).toHaveURL(new RegExp(`conversation=${people.tiago.id}$`));
    await expect(bubble(page, before)).toBeVisible();
    const whileOffline = await readStoredSession(page);
    expect(whileOffline?.refresh_token).toBe(signedIn?.refresh_token);
    expect(whileOffline!.expires_at * 1000).toBeLessThan(Date.now());

    // Online: the session refreshes (a new access token that has not expired) and writes go through.
    await context.setOffline(false);
    await expect
      .poll(async () => {
        const session = await readStoredSession(page);
        return Boolean(session && session.access_token !== signedIn!.access_token && session.expires_at * 1000 > Date.now());
      }, { timeout: 90_000 })
      .toBe(true);
    const after = unique('Sent after the session refreshed');
    await send(page, after);
    await expect(bubble(page, after)).toHaveAttribute('data-status', 'sent', { timeout: 15_000 });
    await expect(syncStatus(page, 'Synced')).toBeVisible({ timeout: 15_000 });
    expect(await serverCopies(after)).toHaveLength(1);
  });
});
