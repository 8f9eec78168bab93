import { randomBytes } from 'node:crypto';
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { demoPassword } from './support/backend.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { signInNewAccount } from './support/new-account.ts';

// Guest onboarding (docs/product.md §2, §4, §5): a new guest walks the six steps with a real photo upload.

/** A new guest, signed in on /onboarding (signing up itself: auth.spec.ts, first-hour-sign-up.spec.ts). */
async function signUpGuest(page: Page, name: string): Promise<void> {
  await signInNewAccount(page, name, { role: 'guest', onboarded: false, label: 'guest' });
}

async function smallPhoto(): Promise<Buffer> {
  return sharp({ create: { width: 320, height: 320, channels: 3, background: '#0f766e' } })
    .composite([{ input: Buffer.from('<svg width="320" height="320"><circle cx="160" cy="130" r="70" fill="#f3e6d0"/><rect x="70" y="220" width="180" height="120" rx="60" fill="#f3e6d0"/></svg>') }])
    .png()
    .toBuffer();
}

/** Random pixels do not compress: an uncompressed 1500×1500 PNG is about 6.7 MB. */
async function oversizedPhoto(): Promise<Buffer> {
  const size = 1500;
  return sharp(randomBytes(size * size * 3), { raw: { width: size, height: size, channels: 3 } }).png({ compressionLevel: 0 }).toBuffer();
}

async function dismissToasts(page: Page): Promise<void> {
  const close = page.getByRole('region', { name: /Notifications/ }).getByRole('button', { name: 'Close notification' });
  while ((await close.count()) > 0) await close.first().click();
}

const stepLabel = (page: Page, n: number) => page.getByRole('progressbar', { name: 'Profile setup' }).getByText(`Step ${n} of 6`);
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const toasts = (page: Page) => page.getByRole('region', { name: /Notifications/ });

test.describe('guest onboarding', () => {
  test('a new guest completes all six steps with a photo and lands on the dashboard', async ({ page }) => {
    test.setTimeout(120_000);
    await signUpGuest(page, 'Ona Board');

    // Step 1: photo required, Back disabled, Continue disabled until a photo is uploaded.
    await expect(stepLabel(page, 1)).toBeVisible();
    await expect(page.getByText('Profile photo is required to continue')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();
    await expect(continueButton(page)).toBeDisabled();
    await dismissToasts(page);
    await screenshotBothWidths(page, 'onboarding-step-1-photo');

    const fileInput = page.locator('input[type="file"]');
    await fileInput.setInputFiles({ name: 'huge.png', mimeType: 'image/png', buffer: await oversizedPhoto() });
    await expect(toasts(page).getByText('File too large')).toBeVisible();
    await expect(toasts(page).getByText('Please upload an image smaller than 5MB')).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    await dismissToasts(page);

    await fileInput.setInputFiles({ name: 'text.txt', mimeType: 'text/plain', buffer: Buffer.from('not an image') });
    await expect(toasts(page).getByText('Please upload an image file')).toBeVisible();
    await dismissToasts(page);

    await fileInput.setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPhoto() });
    const preview = page.getByRole('img', { name: "Ona Board's profile photo" }).locator('img');
    // The renderer's URL with VITE_IMAGE_TRANSFORMATIONS=on, else the uploaded avatar rendition (docs/decisions/photo-renditions.md).
    await expect(preview).toHaveAttribute('src', process.env.VITE_IMAGE_TRANSFORMATIONS === 'on'
      ? /\/storage\/v1\/render\/image\/public\/profile-photos\/[0-9a-f-]{36}\/\d+\.(png|jpg)\?.*t=\d+/
      : /\/storage\/v1\/object\/public\/profile-photos\/[0-9a-f-]{36}\/\d+\.(png|jpg)\.w256\.webp\?.*t=\d+/);
    await expect.poll(() => preview.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page.getByRole('button', { name: 'Change Photo' })).toBeVisible();
    await screenshotBothWidths(page, 'onboarding-step-1-photo-uploaded');
    await continueButton(page).click();

    // Step 2: profession required (≤ 100), bio ≤ 300 with a counter.
    await expect(stepLabel(page, 2)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Tell Us About Yourself' })).toBeVisible();
    await expect(continueButton(page)).toBeDisabled();
    const profession = page.getByRole('textbox', { name: /Profession/ });
    // Leaving it untouched says nothing; emptying what was typed does.
    await profession.click();
    await page.getByRole('textbox', { name: 'Short Bio' }).click();
    await expect(profession).not.toHaveAttribute('aria-invalid', 'true');
    await profession.fill('P');
    await profession.fill('');
    await expect(page.getByText('Profession is required')).toBeVisible();
    await expect(profession).toHaveAttribute('maxlength', '100');
    await profession.fill('Product Designer');
    await page.getByRole('textbox', { name: 'Short Bio' }).fill('Designing calm software from sunny places.');
    await expect(page.getByText('42/300 characters')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Short Bio' })).toHaveAttribute('maxlength', '300');
    await screenshotBothWidths(page, 'onboarding-step-2-about');
    await continueButton(page).click();

    // Step 3: timezone from the fixed list of 13.
    await expect(stepLabel(page, 3)).toBeVisible();
    await page.getByRole('button', { name: /Work Timezone/ }).click();
    await expect(page.getByRole('option')).toHaveCount(13);
    await page.getByRole('option', { name: /Asia\/Tokyo/ }).click();
    await expect(page.getByRole('button', { name: /Work Timezone/ })).toContainText('Asia/Tokyo');
    await screenshotBothWidths(page, 'onboarding-step-3-timezone');
    await continueButton(page).click();

    // Step 4: interests, at most 6; suggestions toggle; custom trimmed, no duplicates, Enter adds.
    await expect(stepLabel(page, 4)).toBeVisible();
    await page.getByRole('button', { name: 'Surfing', exact: true }).click();
    await page.getByRole('button', { name: 'Yoga', exact: true }).click();
    await expect(page.getByRole('button', { name: 'Surfing', exact: true })).toHaveAttribute('aria-pressed', 'true');
    const custom = page.getByRole('textbox', { name: 'Add your own' });
    await custom.fill('  Kitesurfing  ');
    await custom.press('Enter');
    await expect(page.getByRole('button', { name: 'Remove Kitesurfing' })).toBeVisible();
    await custom.fill('surfing');
    await custom.press('Enter');
    await expect(page.getByText('"surfing" is already in your interests')).toBeVisible();
    await custom.fill('   ');
    await expect(page.getByRole('button', { name: 'Add', exact: true })).toBeDisabled();
    for (const interest of ['Coffee', 'Coworking', 'Hiking']) await page.getByRole('button', { name: interest, exact: true }).click();
    await expect(page.getByText('Your interests (6/6)')).toBeVisible();
    await expect(custom).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Music', exact: true })).toBeDisabled();
    await screenshotBothWidths(page, 'onboarding-step-4-interests-full');
    // Clicking a chosen interest removes it (the chip and the suggestion alike).
    await page.getByRole('button', { name: 'Remove Yoga' }).click();
    await page.getByRole('button', { name: 'Hiking', exact: true }).click();
    await expect(page.getByText('Your interests (4/6)')).toBeVisible();
    await expect(custom).toBeEnabled();
    await continueButton(page).click();

    // Step 5: privacy switch with a tooltip and notes.
    await expect(stepLabel(page, 5)).toBeVisible();
    const whosStaying = page.getByRole('switch', { name: "Show me in Who's Staying" });
    await expect(whosStaying).toBeChecked();
    await page.getByRole('button', { name: "About Who's Staying" }).click();
    await expect(page.getByRole('dialog', { name: "About Who's Staying" })).toContainText('first initial');
    await screenshotBothWidths(page, 'onboarding-step-5-privacy');
    await page.keyboard.press('Escape');
    await whosStaying.click({ force: true });
    await expect(whosStaying).not.toBeChecked();
    await continueButton(page).click();

    // Step 6: the preview, Back works, then Finish.
    await expect(stepLabel(page, 6)).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Profile Complete!' })).toBeVisible();
    const preview6 = page.getByRole('region', { name: 'Profile preview' });
    await expect(preview6).toContainText('Product Designer');
    await expect(preview6).toContainText('Asia/Tokyo');
    await expect(preview6).toContainText('Kitesurfing');
    await expect(preview6).toContainText('Hidden');
    await dismissToasts(page);
    await screenshotBothWidths(page, 'onboarding-step-6-preview');
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(stepLabel(page, 5)).toBeVisible();
    await continueButton(page).click();

    await page.getByRole('button', { name: 'Finish & Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(toasts(page).getByText('Welcome to NomadNest!')).toBeVisible();
    await expect(toasts(page).getByText("Your profile is complete. Let's find your next coliving space.")).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('img', { name: 'Ona Board' }).locator('img')).toHaveAttribute('src', /profile-photos/);

    // Already onboarded: /onboarding sends the guest to the dashboard, and the profile kept every value.
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/dashboard$/);
    await page.goto('/profile');
    await expect(page.getByRole('textbox', { name: 'Profession' })).toHaveValue('Product Designer');
    await expect(page.getByRole('textbox', { name: 'Work Timezone' })).toHaveValue('Asia/Tokyo');
    await expect(page.getByRole('textbox', { name: 'Interests' })).toHaveValue('Surfing, Kitesurfing, Coffee, Coworking');
    await expect(page.getByRole('switch', { name: "Show me in Who's Staying" })).not.toBeChecked();
  });

  test('each Continue saves progress: a guest who leaves after step 2 resumes at the timezone with values kept', async ({ page }) => {
    await signUpGuest(page, 'Re Sume');
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPhoto() });
    await expect(continueButton(page)).toBeEnabled();
    await continueButton(page).click();
    await page.getByRole('textbox', { name: /Profession/ }).fill('Data Engineer');
    await continueButton(page).click();
    await expect(stepLabel(page, 3)).toBeVisible();

    await page.reload();
    await expect(stepLabel(page, 3)).toBeVisible();
    await page.getByRole('button', { name: 'Back' }).click();
    await expect(page.getByRole('textbox', { name: /Profession/ })).toHaveValue('Data Engineer');
  });

  test('the post-onboarding redirect is followed once, then cleared', async ({ page }) => {
    await signUpGuest(page, 'Red Irect');
    await page.evaluate(() => localStorage.setItem('postOnboardingRedirect', '/properties'));
    await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await smallPhoto() });
    await continueButton(page).click();
    await page.getByRole('textbox', { name: /Profession/ }).fill('Writer');
    for (let step = 2; step <= 5; step += 1) await continueButton(page).click();
    await page.getByRole('button', { name: 'Finish & Go to Dashboard' }).click();
    await expect(page).toHaveURL(/\/properties$/);
    expect(await page.evaluate(() => localStorage.getItem('postOnboardingRedirect'))).toBeNull();
  });

  test('an onboarded guest opening /onboarding goes to the dashboard', async ({ page }) => {
    await page.goto('/auth?redirect=%2Fonboarding');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill('leo.guest@nomadnest.test');
    await form.getByLabel('Password').fill(demoPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('a signed-out visitor opening /onboarding is sent to sign in', async ({ page }) => {
    await page.goto('/onboarding');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fonboarding$/);
  });
});
