// E-mail confirmation as a new hosted project has it (docs/decisions/email-confirmation.md): sign-up shows
// "Check your inbox" naming the address; the mailbox link, opened in a new tab as a mail app would, signs the
// new guest in and carries on where sign-up left off (onboarding, then the villa with the pending booking);
// a password sign-in before confirming says so and offers Resend, which shows the rate limit's wait.
import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bookingCard, chooseOption, dayFromToday, isoDate, pickCheckIn, propertyIds, toasts } from './support/booking-card.ts';
import { confirmEmailThroughInbox, confirmationLink, openConfirmationLink } from './support/confirm-email.ts';
import { unique } from './support/own-data.ts';
import { screenshotBothWidths } from './support/screenshots.ts';

const newAddress = (label: string) => `${unique(label).replace(/\s/g, '.')}@example.com`;
const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });
const profilePhoto = () => sharp({ create: { width: 256, height: 256, channels: 3, background: '#115e59' } }).png().toBuffer();

async function fillSignUp(page: Page, name: string, email: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const form = page.getByRole('form', { name: 'Sign Up' });
  await form.getByLabel('Full Name').fill(name);
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill('secret-123');
  await form.getByText('Find a villa').click();
  await form.getByRole('button', { name: 'Create Account' }).click();
}

test('a booking started signed out survives sign-up, the inbox and onboarding, with the link opened in a new tab', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto(`/property/${propertyIds.danang}`);
  const card = bookingCard(page);
  await page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Sea Loft' }) }).getByRole('button', { name: 'Request to Book' }).click();
  const checkIn = dayFromToday(4);
  await pickCheckIn(page, checkIn);
  await chooseOption(page, card, 'Duration', '2.5 months');
  await card.getByRole('button', { name: 'Book Now' }).click();
  await expect(page).toHaveURL(new RegExp(`/auth\\?redirect=%2Fproperty%2F${propertyIds.danang}$`));

  const email = newAddress('inbox');
  await fillSignUp(page, 'Ines Inbox', email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeFocused();
  await screenshotBothWidths(page, 'email-confirmation-check-inbox');

  const tab = await confirmEmailThroughInbox(page, email, { inNewTab: true });
  // Signed in there and on to onboarding; the villa is where Finish goes.
  await expect(tab).toHaveURL(/\/onboarding$/);
  await expect(toasts(tab).getByText('Welcome to NomadNest, Ines Inbox!')).toBeVisible();
  expect(JSON.parse((await tab.evaluate(() => localStorage.getItem('pendingBooking'))) ?? 'null')).toMatchObject({
    propertyId: propertyIds.danang,
    roomName: 'Sea Loft',
    checkIn: isoDate(checkIn),
    duration: 2.5,
  });
  // Onboarding's six steps: photo, profession, timezone, interests, privacy, preview.
  await tab.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await profilePhoto() });
  await expect(tab.getByRole('button', { name: 'Change Photo' })).toBeVisible();
  await continueButton(tab).click();
  await tab.getByRole('textbox', { name: /Profession/ }).fill('Product Designer');
  await continueButton(tab).click();
  await continueButton(tab).click();
  await tab.getByRole('button', { name: 'Surfing', exact: true }).click();
  await continueButton(tab).click();
  await continueButton(tab).click();
  await tab.getByRole('button', { name: /^Finish/ }).click();

  await expect(tab).toHaveURL(new RegExp(`/property/${propertyIds.danang}$`));
  await expect(toasts(tab).getByText('Booking restored')).toBeVisible();
  const restored = bookingCard(tab);
  await expect(restored.getByRole('button', { name: /Sea Loft · \$160\/week/ })).toBeVisible();
  await expect(restored.getByRole('button', { name: /2\.5 months/ })).toBeVisible();
  await expect(restored.getByText('$1,732', { exact: true })).toBeVisible();
});

test('signing in before confirming says so and offers Resend, which shows how long to wait; the link then signs in', async ({ page }) => {
  const email = newAddress('early');
  await page.goto('/auth');
  await fillSignUp(page, 'Eli Early', email);
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();

  await page.goto('/auth');
  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(email);
  await signIn.getByLabel('Password').fill('secret-123');
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  const notice = signIn.getByRole('alert');
  await expect(notice).toContainText('Confirm your email first: open the link we sent you, or send a new one.');
  await expect(page).toHaveURL(/\/auth$/);

  // config.toml's max_frequency is 1 s: a press right after the mail can be refused, a later one is sent.
  // Either way the page says what happened, in words.
  await notice.getByRole('button', { name: 'Resend email' }).click();
  await expect(notice.getByRole('status')).toHaveText(/^(We've sent a new link to .+\.|Please wait \d+ seconds? before asking for another email\.)$/);
  await screenshotBothWidths(page, 'email-confirmation-not-confirmed');

  await openConfirmationLink(page, await confirmationLink(email));
  await expect(page).toHaveURL(/\/onboarding$/);
});

test('a used confirmation link says it has expired and leaves the sign-in form', async ({ page }) => {
  const email = newAddress('twice');
  await page.goto('/auth');
  await fillSignUp(page, 'Tia Twice', email);
  const link = await confirmationLink(email);
  await openConfirmationLink(page, link);
  await expect(page).toHaveURL(/\/onboarding$/);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);

  await page.goto(link);
  await expect(page.getByRole('alert').filter({ hasText: 'This confirmation link is invalid or has expired.' })).toBeVisible();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
});
