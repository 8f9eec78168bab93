import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { api } from './support/backend-api.ts';
import { signInAt } from './support/booking-card.ts';
import { signedInUserId } from './support/device-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { demoPassword } from './support/backend.ts';
import { signInNewAccount } from './support/new-account.ts';

// Profile edits offline (docs/decisions/profile-writes-and-conflicts.md): the profile page opens
// offline from the mirror, edits queue and go through once online, two devices editing different
// fields both keep their change, and actions that cannot be queued are disabled offline with a reason.

const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const syncStatus = (page: Page, label: string) => page.getByRole('button', { name: new RegExp(`^Sync status: ${label}\\.`) });
/** What the browser says when a fetch fails offline; it must never reach the page. */
const rawErrors = /Failed to fetch|TypeError|NetworkError|Load failed/;

/** A new guest signed in on this device (onboarding not finished, which /profile does not require). */
async function signUpGuest(page: Page, name: string): Promise<{ email: string; id: string }> {
  const { email, id } = await signInNewAccount(page, name, { role: 'guest', onboarded: false, label: 'offline-profile' });
  expect(await signedInUserId(page)).toBe(id);
  return { email, id };
}

/** Another device of the same user: its own context (storage, database), signed in with the password. */
async function secondDevice(browser: Browser, email: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
  await expect(page).toHaveURL(/\/onboarding$/);
  return { context, page };
}

async function serverProfile(id: string): Promise<Record<string, unknown>> {
  const response = await api(`/rest/v1/profiles?id=eq.${id}&select=*`, { useServiceKey: true });
  expect(response.status).toBe(200);
  return ((await response.json()) as Record<string, unknown>[])[0] ?? {};
}

async function openProfile(page: Page, name: string): Promise<void> {
  await page.goto('/profile');
  await expect(field(page, 'Full Name')).toHaveValue(name);
  // The role arrives with the mirror's pull.
  await expect(page.getByRole('group', { name: 'Account Type' })).toContainText('Guest');
}

async function dismissToasts(page: Page): Promise<void> {
  const close = toasts(page).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

test.describe('profile offline', () => {
  test.describe.configure({ timeout: 90_000 });

  test('opens offline from the mirror; an edit made offline is queued and saved once online; Change Photo says why it is disabled', async ({ page, context }) => {
    const { id } = await signUpGuest(page, 'Olga Offline');
    await openProfile(page, 'Olga Offline');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveValue('Olga Offline');
    await expect(page.getByRole('group', { name: 'Account Type' })).toContainText('Guest');
    await expect(page.getByText("We couldn't load your profile")).toHaveCount(0);

    // Uploading cannot be queued: disabled, with the reason beside it.
    const photoCard = page.getByRole('region', { name: 'Profile photo' });
    await expect(photoCard.getByRole('button', { name: 'Change Photo' })).toBeDisabled();
    await expect(photoCard.getByText("You're offline. Uploading a photo needs a connection.")).toBeVisible();
    await expect(photoCard.getByRole('button', { name: 'Change Photo' })).toHaveAccessibleDescription("You're offline. Uploading a photo needs a connection.");

    const versionBefore = Number((await serverProfile(id)).version);
    // Authenticators live on the auth server: the section says it needs a connection, not "off".
    await expect(page.getByText("You're offline. Two-factor settings need a connection")).toBeVisible();
    await expect(page.getByText('Two-factor authentication is')).toHaveCount(0);

    await field(page, 'Bio').fill('Written on a ferry without signal.');
    await field(page, 'Profession').fill('Cartographer');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Saved on this device')).toBeVisible();
    await expect(syncStatus(page, 'Offline')).toBeVisible();
    expect(await serverProfile(id)).toMatchObject({ bio: null, profession: null });
    await expect(page.locator('body')).not.toContainText(rawErrors);
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-offline');

    await context.setOffline(false);
    await expect.poll(async () => serverProfile(id), { timeout: 20_000 }).toMatchObject({ bio: 'Written on a ferry without signal.', profession: 'Cartographer' });
    await expect(syncStatus(page, 'Synced')).toBeVisible({ timeout: 20_000 });
    await expect(photoCard.getByRole('button', { name: 'Change Photo' })).toBeEnabled();
    // One write for both fields, sent once.
    expect(Number((await serverProfile(id)).version)).toBe(versionBefore + 1);
    await page.reload();
    await expect(field(page, 'Profession')).toHaveValue('Cartographer');
  });

  test('two devices editing different fields both keep their change; the same field keeps the first save and says so', async ({ page, browser }) => {
    const { email, id } = await signUpGuest(page, 'Dev Ice');
    const laptop = await secondDevice(browser, email);
    await openProfile(page, 'Dev Ice');
    await openProfile(laptop.page, 'Dev Ice');

    // The laptop loses its connection with the form open; meanwhile the phone saves a profession.
    await laptop.context.setOffline(true);
    await field(page, 'Profession').fill('Photographer');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile updated')).toBeVisible();
    await expect.poll(async () => (await serverProfile(id)).profession, { timeout: 15_000 }).toBe('Photographer');

    // The laptop's form still shows the old profession: it changes the bio, and the profession too.
    await expect(field(laptop.page, 'Profession')).toHaveValue('');
    await field(laptop.page, 'Bio').fill('Edited on the laptop.');
    await field(laptop.page, 'Work Timezone').fill('UTC+7');
    await field(laptop.page, 'Profession').fill('Painter');
    await laptop.page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(laptop.page).getByText('Saved on this device')).toBeVisible();

    await laptop.context.setOffline(false);
    await expect.poll(async () => serverProfile(id), { timeout: 20_000 }).toMatchObject({ bio: 'Edited on the laptop.', work_timezone: 'UTC+7', profession: 'Photographer' });
    // The laptop is told, and its form shows the value that was kept.
    await expect(toasts(laptop.page).getByText('Kept a change from another device')).toBeVisible({ timeout: 20_000 });
    await expect(toasts(laptop.page).getByText(/Profession was changed on another device/)).toBeVisible();
    await expect(field(laptop.page, 'Profession')).toHaveValue('Photographer');
    await expect(field(laptop.page, 'Bio')).toHaveValue('Edited on the laptop.');
    await screenshotBothWidths(laptop.page, 'profile-kept-from-another-device');

    // The phone's own change is never reverted, and it picks up the laptop's fields on its next pull.
    await page.reload();
    await expect(field(page, 'Profession')).toHaveValue('Photographer');
    await expect(field(page, 'Bio')).toHaveValue('Edited on the laptop.');
    await laptop.context.close();
  });

  test('offline, paying and accepting or declining are disabled with a reason, never a raw error', async ({ browser }) => {
    const guest = await browser.newContext();
    const guestPage = await guest.newPage();
    await signInAt(guestPage, 'kenji.guest@nomadnest.test', '/dashboard');
    const unpaid = guestPage.getByRole('listitem').filter({ hasText: 'Rice Terrace Coliving Villa' }).filter({ hasText: 'Awaiting Payment' });
    await expect(unpaid.getByRole('button', { name: 'Pay now' })).toBeEnabled();
    await guest.setOffline(true);
    await expect(unpaid.getByRole('button', { name: 'Pay now' })).toBeDisabled();
    await expect(unpaid.getByText(/You're offline\. .*paying need a connection/)).toBeVisible();
    await expect(guestPage.locator('body')).not.toContainText(rawErrors);
    await screenshotBothWidths(guestPage, 'dashboard-guest-pay-offline');
    await guest.close();

    const host = await browser.newContext();
    const hostPage = await host.newPage();
    await signInAt(hostPage, 'maya.host@nomadnest.test', '/dashboard');
    await hostPage.getByRole('tab', { name: 'Bookings' }).click();
    const waiting = hostPage.getByRole('listitem').filter({ has: hostPage.getByRole('button', { name: 'Accept' }) }).first();
    await expect(waiting.getByRole('button', { name: 'Accept' })).toBeEnabled();
    await host.setOffline(true);
    await expect(waiting.getByRole('button', { name: 'Accept' })).toBeDisabled();
    await expect(waiting.getByRole('button', { name: 'Decline' })).toBeDisabled();
    await expect(waiting.getByText(/You're offline\. Accepting, declining/)).toBeVisible();
    await expect(hostPage.locator('body')).not.toContainText(rawErrors);
    await host.close();
  });
});
