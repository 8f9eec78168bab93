import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import sharp from 'sharp';
import { demoPassword } from './support/backend.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { signInNewAccount } from './support/new-account.ts';

// Profile page (docs/product.md §2, §5, §8) and its Security section (TOTP, docs/product.md §4).

/** A fresh guest, signed in (their onboarding is not finished, which /profile does not require). */
async function signUpGuest(page: Page, name: string): Promise<string> {
  return (await signInNewAccount(page, name, { role: 'guest', onboarded: false, label: 'profile' })).email;
}

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

/** The API is another origin than the app: a faked answer needs CORS headers to reach the page. */
const crossOrigin = { 'access-control-allow-origin': '*' };
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });
const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const photo = () => sharp({ create: { width: 240, height: 240, channels: 3, background: '#115e59' } }).png().toBuffer();

test.describe('profile page', () => {
  test('shows every field; edits are validated, saved and still there after a reload', async ({ page }) => {
    const email = await signUpGuest(page, 'Pia Profile');
    // The row comes from the device's mirror (the onboarding page already pulled it), so "Loading profile..."
    // shows only while a device holds no row yet; it is not waited for here.
    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Your Profile', level: 1 })).toBeVisible();
    await expect(field(page, 'Full Name')).toHaveValue('Pia Profile');

    await expect(field(page, 'Email')).toHaveValue(email);
    await expect(field(page, 'Email')).toHaveAttribute('readonly', '');
    await expect(page.getByRole('group', { name: 'Account Type' })).toContainText('Guest');
    await expect(field(page, 'Bio')).toHaveAttribute('rows', '4');
    await expect(field(page, 'Profession')).toHaveAttribute('placeholder', 'e.g. Software Developer');
    await expect(field(page, 'Work Timezone')).toHaveAttribute('placeholder', 'e.g. UTC+1');
    await expect(page.getByText('Let other guests see your profile when you have confirmed bookings')).toBeVisible();
    await expect(page.getByRole('img', { name: 'Pia Profile' }).first()).toContainText('PP');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-page');

    // Name is required.
    await field(page, 'Full Name').fill('   ');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Full name is required')).toBeVisible();

    // More than 6 interests are refused before saving.
    await field(page, 'Full Name').fill('Pia Maria Profile');
    await field(page, 'Interests').fill('a, b, c, d, e, f, g');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('You can choose up to 6 interests')).toBeVisible();

    await field(page, 'Bio').fill('Backend engineer, slow traveller.');
    await expect(page.getByText('33/300 characters')).toBeVisible();
    await field(page, 'Profession').fill('  Backend Engineer ');
    await field(page, 'Work Timezone').fill('UTC+1');
    await field(page, 'Interests').fill(' Surfing, , Yoga ,Coffee ');
    await page.getByRole('switch', { name: "Show me in Who's Staying" }).click({ force: true });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Profile updated')).toBeVisible();
    await expect(toasts(page).getByText('Your changes have been saved')).toBeVisible();
    await expect(field(page, 'Interests')).toHaveValue('Surfing, Yoga, Coffee');
    // The nav refreshes the name after an edit.
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: 'Pia Maria Profile' })).toHaveText('PMP');

    await page.reload();
    await expect(field(page, 'Full Name')).toHaveValue('Pia Maria Profile');
    await expect(field(page, 'Bio')).toHaveValue('Backend engineer, slow traveller.');
    await expect(field(page, 'Profession')).toHaveValue('Backend Engineer');
    await expect(field(page, 'Work Timezone')).toHaveValue('UTC+1');
    await expect(field(page, 'Interests')).toHaveValue('Surfing, Yoga, Coffee');
    await expect(page.getByRole('switch', { name: "Show me in Who's Staying" })).not.toBeChecked();
  });

  test('a save the server refuses says so in words (never the raw server text) and keeps what was typed', async ({ page }) => {
    await signUpGuest(page, 'Fay Fail');
    await page.goto('/profile');
    await expect(field(page, 'Full Name')).toHaveValue('Fay Fail');
    // Saves go through the outbox to update_own_profile (docs/decisions/profile-writes-and-conflicts.md).
    await page.route('**/rest/v1/rpc/update_own_profile', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', headers: crossOrigin, body: JSON.stringify({ code: '23514', message: 'new row violates check constraint "profiles_bio_length"', details: null, hint: null }) }),
    );
    await field(page, 'Profession').fill('Refused Engineer');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await expect(toasts(page).getByText('Your changes could not be saved. Please check them and try again.')).toBeVisible();
    await expect(page.locator('body')).not.toContainText('violates check constraint');
    await expect(field(page, 'Profession')).toHaveValue('Refused Engineer');
  });

  test('Change Photo uploads, shows the new photo with a cache-buster and refreshes the nav', async ({ page }) => {
    await signUpGuest(page, 'Pho To');
    await page.goto('/profile');
    await expect(field(page, 'Full Name')).toHaveValue('Pho To');
    const input = page.locator('input[type="file"]');

    await input.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await photo() });
    await expect(toasts(page).getByText('Profile photo updated successfully')).toBeVisible();
    await expect(toasts(page).getByText('Your photo has been uploaded successfully')).toBeVisible();
    const avatar = page.getByRole('region', { name: 'Profile photo' }).getByRole('img', { name: 'Pho To' }).locator('img');
    await expect(avatar).toHaveAttribute('src', process.env.VITE_IMAGE_TRANSFORMATIONS === 'on'
      ? /\/storage\/v1\/render\/image\/public\/profile-photos\/.+\.(png|jpg)\?.*t=\d+/
      : /\/storage\/v1\/object\/public\/profile-photos\/.+\.(png|jpg)\.w256\.webp\?.*t=\d+/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: 'Pho To' }).locator('img')).toHaveAttribute('src', /profile-photos/);
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-page-with-photo');

    // A storage failure gives the docs/product.md §8 photo error.
    await page.route('**/functions/v1/upload-photo?*', (route) =>
      route.fulfill({ status: 400, contentType: 'application/json', headers: crossOrigin, body: JSON.stringify({ statusCode: '403', error: 'Unauthorized', message: 'new row violates row-level security policy' }) }),
    );
    await input.setInputFiles({ name: 'again.png', mimeType: 'image/png', buffer: await photo() });
    await expect(toasts(page).getByText('Could not update profile photo, please try again')).toBeVisible();
  });

  test('a host sees the Host badge and the host visibility switch', async ({ page }) => {
    await page.goto('/auth?redirect=%2Fprofile');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill('maya.host@nomadnest.test');
    await form.getByLabel('Password').fill(demoPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByRole('group', { name: 'Account Type' })).toContainText('Host');
    await expect(page.getByRole('switch', { name: 'Show my profile to guests' })).toBeVisible();
    // The demo photo is stored as a relative storage path; it still shows (its rendition, or the backend's renderer).
    const avatar = page.getByRole('region', { name: 'Profile photo' }).getByRole('img', { name: 'Maya Santoso' }).locator('img');
    await expect(avatar).toHaveAttribute('src', process.env.VITE_IMAGE_TRANSFORMATIONS === 'on'
      ? /:\d+\/storage\/v1\/render\/image\/public\/profile-photos\/.+[?&]t=\d+/
      : /:\d+\/storage\/v1\/object\/public\/profile-photos\/.+\.w256\.webp[?&].*t=\d+/);
    await expect.poll(() => avatar.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-page-host');
  });

  test('Security: enrol a TOTP authenticator with the QR code, verify it, sign in with it, then remove it', async ({ page }) => {
    test.setTimeout(90_000);
    const email = await signUpGuest(page, 'Sec Urity');
    await page.goto('/profile');
    const security = page.getByRole('region', { name: 'Security' });
    await expect(security.getByText(/Two-factor authentication is/)).toBeVisible();
    await security.getByRole('button', { name: 'Set up authenticator app' }).click();

    const qr = security.getByRole('img', { name: /QR code/ });
    await expect(qr).toBeVisible();
    await expect.poll(() => qr.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    const secret = (await security.getByLabel('Secret key').textContent())?.trim() ?? '';
    expect(secret).toMatch(/^[A-Z2-7]{16,}=*$/);
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-security-enrol');

    const code = security.getByRole('textbox', { name: 'Authentication code' });
    await code.fill('12');
    await security.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(security.getByText('Enter the 6-digit code from your authenticator app')).toBeVisible();

    const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const valid = totp.generate();
    await code.fill(valid === '000000' ? '111111' : '000000');
    await security.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(toasts(page).getByText('Error', { exact: true })).toBeVisible();
    await dismissToasts(page);

    await code.fill(totp.generate());
    await security.getByRole('button', { name: 'Verify and turn on' }).click();
    await expect(toasts(page).getByText('Two-factor authentication enabled')).toBeVisible();
    const factors = security.getByRole('list', { name: 'Authenticator apps' });
    await expect(factors.getByRole('listitem')).toHaveCount(1);
    await expect(factors).toContainText('Authenticator app');
    await expect(factors).toContainText('Active');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'profile-security-active');

    // Signing in again now takes the code (aal2) after the password.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.goto('/auth');
    const signIn = page.getByRole('form', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill(email);
    await signIn.getByLabel('Password').fill(demoPassword);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    const challenge = page.getByRole('form', { name: 'Two-factor authentication' });
    await expect(challenge).toBeVisible();
    await challenge.getByRole('textbox', { name: 'Authentication code' }).fill(totp.generate());
    await challenge.getByRole('button', { name: 'Verify' }).click();
    await expect(page).toHaveURL(/\/onboarding$/); // not onboarded yet: docs/product.md §4 routing
    await page.goto('/profile');
    await expect(factors.getByRole('listitem')).toHaveCount(1);

    await factors.getByRole('button', { name: 'Remove' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Remove' }).click();
    await expect(toasts(page).getByText('Authenticator removed')).toBeVisible();
    await expect(security.getByText(/Two-factor authentication is/)).toBeVisible();
  });
});
