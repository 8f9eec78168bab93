import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { signInAt } from './support/booking-card.ts';
import { readStore, signedInUserId } from './support/device-data.ts';
import { deleteOwnListing, newConnectedHost, unique, type ConnectedHost } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

// A room's availability toggled on two devices (docs/decisions/room-availability-later-decision.md): a toggle
// made offline never silently reverts a later one made elsewhere; the device whose toggle lost is told, and
// the other device follows changes live (rooms are on realtime).

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const syncStatus = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^Sync status: ${label}\\.`) });

async function serverAvailability(roomId: string): Promise<boolean> {
  const response = await api(`/rest/v1/rooms?id=eq.${roomId}&select=is_available`, { useServiceKey: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as { is_available: boolean }[])[0]!.is_available;
}

/** One device of the host: its own context (storage, database), on the dashboard's Rooms tab. */
async function hostDevice(browser: Browser, host: ConnectedHost): Promise<{ context: BrowserContext; page: Page; toggle: ReturnType<Page['getByRole']> }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInAt(page, host.email, '/dashboard');
  await page.getByRole('tab', { name: 'Rooms' }).click();
  const toggle = page.getByRole('switch', { name: 'Sea Room available for booking' });
  await expect(toggle).toBeChecked();
  return { context, page, toggle };
}

async function outboxOf(page: Page): Promise<unknown[]> {
  return (await readStore(page, `nomadnest-${await signedInUserId(page)}`, '_outbox')) ?? [];
}

test.describe('room availability on two devices', () => {
  test.describe.configure({ timeout: 120_000 });

  let host: ConnectedHost;
  test.beforeEach(async () => {
    host = await newConnectedHost('Rosa Rooms', unique('Toggle Villa'));
  });
  test.afterEach(async () => {
    await deleteOwnListing(host, host.propertyId);
  });

  test("an older toggle made offline does not revert the other device's later toggles; the offline device is told", async ({ browser }) => {
    const laptop = await hostDevice(browser, host);
    const phone = await hostDevice(browser, host);

    // The laptop, offline, marks the room unavailable.
    await laptop.context.setOffline(true);
    await laptop.toggle.click();
    await expect(laptop.toggle).not.toBeChecked();
    await expect(syncStatus(laptop.page, 'Offline')).toBeVisible();

    // Later, the phone marks it unavailable and then available again.
    await phone.toggle.click();
    await expect.poll(() => serverAvailability(host.roomId), { timeout: 15_000 }).toBe(false);
    await phone.toggle.click();
    await expect.poll(() => serverAvailability(host.roomId), { timeout: 15_000 }).toBe(true);
    await expect(syncStatus(phone.page, 'Synced')).toBeVisible({ timeout: 15_000 });

    // The laptop comes back: its older toggle is judged against the phone's later decision, which stays.
    await laptop.context.setOffline(false);
    await expect.poll(() => outboxOf(laptop.page), { timeout: 20_000 }).toEqual([]);
    expect(await serverAvailability(host.roomId)).toBe(true);
    await expect(toasts(laptop.page).getByText('Kept a change from another device')).toBeVisible({ timeout: 15_000 });
    await expect(toasts(laptop.page).getByText(/Sea Room was set to Available on another device after your change/)).toBeVisible();
    await expect(laptop.toggle).toBeChecked();
    await expect(phone.toggle).toBeChecked();
    await screenshotBothWidths(laptop.page, 'room-availability-kept');
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });

  test('a toggle on one device shows on the other without a reload (rooms arrive by realtime)', async ({ browser }) => {
    const laptop = await hostDevice(browser, host);
    const phone = await hostDevice(browser, host);
    await laptop.toggle.click();
    await expect.poll(() => serverAvailability(host.roomId), { timeout: 15_000 }).toBe(false);
    await expect(phone.toggle).not.toBeChecked({ timeout: 15_000 });
    await Promise.all([laptop.context.close(), phone.context.close()]);
  });
});
