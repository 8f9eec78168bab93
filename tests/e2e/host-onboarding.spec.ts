import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPassword } from './support/backend.ts';
import { api } from './support/backend-api.ts';
import { signedInUserId } from './support/device-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { signInNewAccount } from './support/new-account.ts';

// Host onboarding (docs/product.md §2, §4, §6): four steps, each change saved at once, hosts only.

/** A new account, onboarding not finished, signed in (signing up itself: auth.spec.ts, first-hour-sign-up.spec.ts). */
async function signUp(page: Page, name: string, role: 'Find a villa' | 'List my villa'): Promise<void> {
  await signInNewAccount(page, name, { role: role === 'List my villa' ? 'host' : 'guest', onboarded: false, label: 'host' });
}

async function signIn(page: Page, email: string, redirect: string): Promise<void> {
  await page.goto(`/auth?redirect=${encodeURIComponent(redirect)}`);
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

const hostPhoto = () => sharp({ create: { width: 300, height: 300, channels: 3, background: '#92400e' } }).jpeg().toBuffer();

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

const stepLabel = (page: Page, n: number) => page.getByRole('progressbar', { name: 'Host profile' }).getByText(`Step ${n} of 4`);
const next = (page: Page) => page.getByRole('button', { name: 'Next' });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('host onboarding', () => {
  test('a new host completes the four steps and goes on to add a first property', async ({ page }) => {
    test.setTimeout(90_000);
    await signUp(page, 'Hana Host', 'List my villa');
    await expect(page).toHaveURL(/\/host-onboarding$/);

    // Step 1: photo; Next disabled without one.
    await expect(stepLabel(page, 1)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(next(page)).toBeDisabled();
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-onboarding-step-1-photo');
    await page.locator('input[type="file"]').setInputFiles({ name: 'host.jpg', mimeType: 'image/jpeg', buffer: await hostPhoto() });
    await expect(page.getByRole('img', { name: "Hana Host's profile photo" }).locator('img')).toHaveAttribute('src', /profile-photos\/[0-9a-f-]{36}\/\d+\.jpg/);
    await expect(next(page)).toBeEnabled();
    await next(page).click();

    // Step 2: profession required; each change is saved immediately (a reload resumes at step 3).
    await expect(stepLabel(page, 2)).toBeVisible();
    await expect(next(page)).toBeDisabled();
    await page.getByRole('textbox', { name: /Profession/ }).fill('Architect');
    await page.getByRole('textbox', { name: 'Bio' }).fill('I restored a 1920s villa in Canggu and love hosting remote workers.');
    await expect(page.getByText('67/300 characters')).toBeVisible();
    await expect(next(page)).toBeEnabled();
    await screenshotBothWidths(page, 'host-onboarding-step-2-about');
    // The typing is saved on the server before the reload reads the profile again.
    const hostId = await signedInUserId(page);
    await expect
      .poll(async () => (await (await api(`/rest/v1/profiles?id=eq.${hostId}&select=profession,bio`, { useServiceKey: true })).json()) as unknown, { timeout: 15_000 })
      .toEqual([{ profession: 'Architect', bio: 'I restored a 1920s villa in Canggu and love hosting remote workers.' }]);
    await page.reload();
    await expect(stepLabel(page, 3)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /Profession/ })).toHaveValue('Architect');
    await next(page).click();

    // Step 3: Contact Preferences with the tooltip and the trust tip.
    await expect(page.getByRole('heading', { name: 'Contact Preferences' })).toBeVisible();
    const visible = page.getByRole('switch', { name: 'Show my profile to guests' });
    await expect(visible).toBeChecked();
    await expect(page.getByText(/guests trust hosts they can see/)).toBeVisible();
    await page.getByRole('button', { name: 'About showing your profile' }).click();
    await expect(page.getByRole('dialog', { name: 'About showing your profile' })).toContainText('Meet Your Host');
    await screenshotBothWidths(page, 'host-onboarding-step-3-contact');
    await page.keyboard.press('Escape');
    await visible.click({ force: true });
    await expect(visible).not.toBeChecked();
    await next(page).click();

    // Step 4: preview with Meet Your Host and Hidden; back, switch on again, Visible.
    await expect(page.getByRole('heading', { name: "You're All Set!" })).toBeVisible();
    const card = page.getByRole('region', { name: 'Meet Your Host' });
    await expect(card).toContainText('Hana Host');
    await expect(card).toContainText('Architect');
    await expect(page.getByText('Hidden', { exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('switch', { name: 'Show my profile to guests' }).click({ force: true });
    await next(page).click();
    await expect(page.getByText('Visible', { exact: true })).toBeVisible();
    await dismissToasts(page);
    await screenshotBothWidths(page, 'host-onboarding-step-4-preview');

    await page.getByRole('button', { name: 'Finish & Add My First Property' }).click();
    await expect(page).toHaveURL(/\/property\/new$/);
    await expect(toasts(page).getByText('Welcome to NomadNest!')).toBeVisible();
    await expect(toasts(page).getByText("Your host profile is complete. Let's add your first property.")).toBeVisible();

    // Onboarded now: host onboarding sends the host to the dashboard.
    await page.goto('/host-onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a new host opening guest onboarding is sent to host onboarding', async ({ page }) => {
    await signUp(page, 'Hugo Host', 'List my villa');
    await expect(page).toHaveURL(/\/host-onboarding$/);
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/host-onboarding$/);
  });

  test('a guest opening /host-onboarding goes to the dashboard', async ({ page }) => {
    await signUp(page, 'Gia Guest', 'Find a villa');
    await expect(page).toHaveURL(/\/onboarding$/);
    await page.goto('/host-onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('an onboarded host opening /host-onboarding goes to the dashboard', async ({ page }) => {
    await signIn(page, 'maya.host@nomadnest.test', '/host-onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
