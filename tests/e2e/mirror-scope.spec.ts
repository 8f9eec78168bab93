import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { addDaysToDate, toDateOnly } from '../../src/domain/stay-dates.ts';
import { api } from './support/backend-api.ts';
import { bookingCard, calendarDay, chooseOption, dayFromToday, propertyIds, signInAt } from './support/booking-card.ts';
import { deleteListing, insertBookingAsService, insertMessage, json, maya, newGuest, newListing, unique } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { signInThroughRedirect } from './support/sign-in-redirect.ts';

// Offline use (docs/decisions/mirror-scope-removal.md): rows that leave a user's view
// leave their device at the next sync (start-up or reconnect), so they are not shown offline either.
// Each test has its own guest and listing, so no other spec's seeded rows change. Item 7
// (docs/decisions/property-snapshots-offline.md): the property page of the user's own stay shows Who's
// Staying and the rooms' taken dates offline.

const inDays = (days: number) => addDaysToDate(toDateOnly(new Date()), days);

/** Ids in one store of the user's database (never creates it). */
function storedIds(page: Page, dbName: string, store: string): Promise<string[]> {
  return page.evaluate(async ({ dbName, store }) => {
    if (!(await indexedDB.databases()).some((info) => info.name === dbName)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(dbName);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    db.onversionchange = () => db.close();
    try {
      return await new Promise<string[]>((resolve, reject) => {
        const keys = db.transaction(store).objectStore(store).getAllKeys();
        keys.onsuccess = () => resolve(keys.result.map(String));
        keys.onerror = () => reject(keys.error);
      });
    } finally {
      db.close();
    }
  }, { dbName, store });
}

/** The service worker controls the page, so an offline reload is served from its shell. */
async function installOffline(page: Page): Promise<void> {
  await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
}

async function reloadOffline(page: Page, context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await page.reload();
}

test.describe('rows that leave the user\'s view leave the device', () => {
  test.setTimeout(90_000);

  test('a listing its host deleted disappears from a guest\'s Explore offline after the next sync', async ({ page, context }) => {
    const guest = await newGuest('Scope Guest');
    const name = unique('Scope Villa');
    const { propertyId } = await newListing(name);
    const card = page.getByRole('listitem', { name });

    await signInThroughRedirect(page, guest, '/dashboard');
    await page.goto('/properties');
    await installOffline(page);
    await expect(card).toBeVisible();
    await expect.poll(() => storedIds(page, guest.dbName, 'properties')).toContain(propertyId);

    // The host deletes it: a tombstone only the host (and guests who booked it) can read.
    await deleteListing(propertyId);
    await page.reload();
    await expect.poll(() => storedIds(page, guest.dbName, 'properties'), { timeout: 15_000 }).not.toContain(propertyId);

    await reloadOffline(page, context);
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await expect(page.getByRole('listitem').filter({ has: page.getByRole('link', { name: /Rice Terrace Coliving Villa/ }) }).first()).toBeVisible();
    await expect(card).toHaveCount(0);
    await context.setOffline(false);
  });

  test('a message deleted on the server disappears from the chat after the next sync', async ({ page, context }) => {
    const guest = await newGuest('Scope Guest');
    const { propertyId } = await newListing(unique('Inquiry Villa'));
    const gone = unique('Please ignore this');
    const kept = unique('Is the garden room free in March?');
    const goneId = await insertMessage(guest.email, { sender_id: guest.id, receiver_id: maya.id, property_id: propertyId, conversation_type: 'host_guest', text: gone });
    await insertMessage(guest.email, { sender_id: guest.id, receiver_id: maya.id, property_id: propertyId, conversation_type: 'host_guest', text: kept });
    const log = page.getByRole('log', { name: 'Messages' });

    await signInThroughRedirect(page, guest, `/messages?conversation=${maya.id}`);
    await installOffline(page);
    await expect(log.getByText(gone)).toBeVisible();
    await expect(log.getByText(kept)).toBeVisible();

    // Moderation hard-deletes it: no tombstone, no row left to pull.
    await json(await api(`/rest/v1/messages?id=eq.${goneId}`, { method: 'DELETE', useServiceKey: true }), 204);
    await page.reload();
    await expect.poll(() => storedIds(page, guest.dbName, 'messages'), { timeout: 15_000 }).not.toContain(goneId);

    await reloadOffline(page, context);
    await expect(log.getByText(kept)).toBeVisible();
    await expect(log.getByText(gone)).toHaveCount(0);
    await context.setOffline(false);
    await deleteListing(propertyId);
  });

  test('leaving a house removes its chat from the device', async ({ page, context }) => {
    const guest = await newGuest('Scope Guest');
    const houseName = unique('House Villa');
    const { propertyId, roomId } = await newListing(houseName);
    // A stay under way, written as the payment functions write it: the guest is a house member.
    const bookingId = await insertBookingAsService({
      user_id: guest.id, property_id: propertyId, room_id: roomId, check_in: inDays(-10), check_out: inDays(50), total_price: 2480,
      status: 'accepted', guest_email: guest.email, stripe_payment_intent_id: `pi_scope_${Date.now().toString(36)}`,
    });
    const fromHost = await insertMessage(maya.email, { sender_id: maya.id, property_id: propertyId, conversation_type: 'house', text: unique('Welcome to the house') });
    const fromGuest = await insertMessage(guest.email, { sender_id: guest.id, property_id: propertyId, conversation_type: 'house', text: unique('Thanks, happy to be here') });
    const houseRow = page.getByRole('tabpanel').getByRole('link', { name: new RegExp(houseName) });

    await signInThroughRedirect(page, guest, '/messages');
    await installOffline(page);
    await expect(houseRow).toBeVisible();
    await expect.poll(() => storedIds(page, guest.dbName, 'messages')).toEqual(expect.arrayContaining([fromHost, fromGuest]));

    // The stay ends: the guest is no longer a member, and their own house messages leave with the others'.
    await json(await api(`/rest/v1/bookings?id=eq.${bookingId}`, {
      method: 'PATCH', useServiceKey: true, body: JSON.stringify({ check_in: inDays(-90), check_out: inDays(-1), status: 'completed' }),
    }), 204);
    await page.reload();
    await expect.poll(async () => {
      const held = await storedIds(page, guest.dbName, 'messages');
      return [fromHost, fromGuest].filter((id) => held.includes(id));
    }, { timeout: 15_000 }).toEqual([]);

    await reloadOffline(page, context);
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await expect(houseRow).toHaveCount(0);
    await context.setOffline(false);
    await deleteListing(propertyId);
  });
});

test.describe('the property page of a stay, offline', () => {
  test('shows Who\'s Staying and the rooms\' taken dates from the copies kept on the device', async ({ page, context }) => {
    test.setTimeout(90_000);
    const leoDb = 'nomadnest-a0000000-0000-4000-8000-000000000011';
    await signInAt(page, 'leo.guest@nomadnest.test', `/property/${propertyIds.ubud}`);
    const housemates = page.getByRole('region', { name: "Who's Staying" });
    await installOffline(page);
    await expect(housemates.getByRole('listitem', { name: 'Guest A.' })).toBeVisible();
    await expect.poll(() => storedIds(page, leoDb, '_snapshots')).toEqual(expect.arrayContaining([`housemates:${propertyIds.ubud}`, `booked-dates:${propertyIds.ubud}`]));

    await reloadOffline(page, context);
    await expect(housemates.getByText(/^Offline: last updated/)).toBeVisible();
    await expect(housemates.getByRole('listitem', { name: 'Guest A.' })).toBeVisible();
    await expect(housemates.getByRole('listitem', { name: 'Guest P.' })).toBeVisible();
    await housemates.scrollIntoViewIfNeeded();
    await screenshotBothWidths(page, 'property-offline-whos-staying');
    // Pool Room: Priya's accepted stay starts in 7 days, so its days are taken offline too.
    await chooseOption(page, bookingCard(page), 'Room', 'Pool Room · $260/week');
    await expect(await calendarDay(page, dayFromToday(10))).toHaveAttribute('aria-disabled', 'true');
    await expect(await calendarDay(page, dayFromToday(3))).not.toHaveAttribute('aria-disabled', 'true');
    await context.setOffline(false);
  });
});
