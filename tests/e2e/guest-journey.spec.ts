import { expect, test, type Page } from '@playwright/test';
import sharp from 'sharp';
import { bookingCard, chooseOption, dayFromToday, payOnCheckoutPage, pickCheckIn, toasts } from './support/booking-card.ts';
import { confirmEmailThroughInbox } from './support/confirm-email.ts';

// The guest's journey as a new user tries it, in one go: sign up → onboarding with a photo → Explore with a
// filter → property → book 2.5 months → pay with the test card → confirmation with dates and total.

const continueButton = (page: Page) => page.getByRole('button', { name: 'Continue' });

async function profilePhoto(): Promise<Buffer> {
  return sharp({ create: { width: 256, height: 256, channels: 3, background: '#115e59' } }).png().toBuffer();
}

test('a new guest signs up, onboards, finds a villa, books 2.5 months, pays and sees the confirmation', async ({ page }) => {
  test.setTimeout(180_000);
  const email = `journey.${Date.now()}@example.test`;

  await page.goto('/');
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Get Started' }).click();
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  const signUp = page.getByRole('form', { name: 'Sign Up' });
  await signUp.getByLabel('Full Name').fill('Jo Urney');
  await signUp.getByLabel('Email').fill(email);
  await signUp.getByLabel('Password').fill('secret-123');
  await signUp.getByText('Find a villa').click();
  await signUp.getByRole('button', { name: 'Create Account' }).click();
  await confirmEmailThroughInbox(page, email);
  await expect(page).toHaveURL(/\/onboarding$/);

  // Onboarding: photo, profession, timezone, interests, privacy, preview.
  await page.locator('input[type="file"]').setInputFiles({ name: 'me.png', mimeType: 'image/png', buffer: await profilePhoto() });
  await expect(page.getByRole('button', { name: 'Change Photo' })).toBeVisible();
  await continueButton(page).click();
  await page.getByRole('textbox', { name: /Profession/ }).fill('Data Engineer');
  await continueButton(page).click();
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Surfing', exact: true }).click();
  await continueButton(page).click();
  await continueButton(page).click();
  await page.getByRole('button', { name: 'Finish & Go to Dashboard' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);

  // Explore with a filter, then the property.
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Explore Villas' }).click();
  await page.getByLabel('Location').fill('ERICEIRA');
  const villa = page.getByRole('link', { name: 'Ribamar Surf Villa' });
  await expect(villa).toBeVisible();
  await villa.click();
  await expect(page.getByRole('heading', { level: 1, name: 'Ribamar Surf Villa' })).toBeVisible();

  // Book the Pine Room for 2.5 months, far enough ahead to be free of the demo stays.
  const room = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pine Room' }) });
  await room.getByRole('button', { name: 'Request to Book' }).click();
  const card = bookingCard(page);
  await pickCheckIn(page, dayFromToday(150));
  await chooseOption(page, card, 'Duration', '2.5 months');
  await card.getByRole('button', { name: 'Book Now' }).click();
  const confirm = page.getByRole('dialog', { name: 'Confirm Your Booking' });
  const total = (await confirm.getByText(/^\$[\d,]+$/).first().textContent()) ?? '';
  expect(total).toMatch(/^\$[\d,]+$/);
  await confirm.getByRole('button', { name: 'Proceed to Secure Payment' }).click();

  // The stand-in's hosted Stripe checkout.
  await payOnCheckoutPage(page, { email, name: 'Jo Urney' });

  // Back on the dashboard the payment is verified, then the confirmation shows the stay.
  await expect(toasts(page).getByText('Payment confirmed')).toBeVisible({ timeout: 30_000 });
  await expect(page).toHaveURL(/\/booking-confirmed/, { timeout: 20_000 });
  await expect(page.getByRole('heading', { name: 'Booking request sent!' })).toBeVisible();
  await expect(page.getByText('Ribamar Surf Villa')).toBeVisible();
  await expect(page.getByText('Pine Room')).toBeVisible();
  await expect(page.getByText(/[A-Z][a-z]{2} \d{2}, \d{4}/).first()).toBeVisible();
  await expect(page.getByText(total).first()).toBeVisible();
});
