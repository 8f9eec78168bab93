// Helpers for the property page's booking card (tests/e2e/property.spec.ts, booking.spec.ts).
import { expect, type Locator, type Page } from '@playwright/test';
import { demoPassword } from './backend.ts';

export const propertyIds = {
  ubud: 'b0000000-0000-4000-8000-000000000001',
  canggu: 'b0000000-0000-4000-8000-000000000002',
  danang: 'b0000000-0000-4000-8000-000000000003',
  ericeira: 'b0000000-0000-4000-8000-000000000005',
  medellin: 'b0000000-0000-4000-8000-000000000007',
  tbilisi: 'b0000000-0000-4000-8000-000000000010',
} as const;

const monthNames = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

/** Local calendar date `days` from today. */
export function dayFromToday(days: number): Date {
  const date = new Date();
  date.setHours(12, 0, 0, 0);
  date.setDate(date.getDate() + days);
  return date;
}

export const isoDate = (date: Date): string =>
  `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, '0')}-${String(date.getDate()).padStart(2, '0')}`;

export function bookingCard(page: Page): Locator {
  return page.getByRole('region', { name: 'Book Your Stay' });
}

export function toasts(page: Page): Locator {
  return page.getByRole('region', { name: /Notifications/ });
}

/** Opens the check-in calendar on the month of `date` and returns that day's cell. */
export async function calendarDay(page: Page, date: Date): Promise<Locator> {
  const card = bookingCard(page);
  const dialog = page.getByRole('dialog', { name: 'Choose a date' });
  if (!(await dialog.isVisible())) await card.getByRole('button', { name: 'Calendar' }).click();
  await expect(dialog).toBeVisible();
  const title = `${monthNames[date.getMonth()]} ${date.getFullYear()}`;
  for (let step = 0; step < 24 && !(await dialog.getByRole('heading', { name: title }).isVisible()); step += 1) {
    const shown = await dialog.getByRole('heading').textContent();
    const [month, year] = (shown ?? '').split(' ');
    const shownIndex = Number(year) * 12 + monthNames.indexOf(month ?? '');
    const wantedIndex = date.getFullYear() * 12 + date.getMonth();
    await dialog.getByRole('button', { name: wantedIndex > shownIndex ? 'Next' : 'Previous' }).first().click();
  }
  return dialog.getByRole('button', { name: new RegExp(`${monthNames[date.getMonth()]} ${date.getDate()}, ${date.getFullYear()}`) });
}

export async function pickCheckIn(page: Page, date: Date): Promise<void> {
  await (await calendarDay(page, date)).click();
  await expect(page.getByRole('dialog', { name: 'Choose a date' })).toBeHidden();
}

export async function chooseOption(page: Page, scope: Locator, label: string, option: string): Promise<void> {
  await scope.getByRole('button', { name: new RegExp(`${label}$`) }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
}

export async function signIn(page: Page, email: string): Promise<void> {
  const form = page.getByRole('form', { name: 'Sign In' });
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Password').fill(demoPassword);
  await form.getByRole('button', { name: 'Sign In' }).click();
}

export async function signInAt(page: Page, email: string, path: string): Promise<void> {
  await page.goto(`/auth?redirect=${encodeURIComponent(path)}`);
  await page.getByRole('tab', { name: 'Sign In' }).click();
  await signIn(page, email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** Pays on the stand-in's hosted Stripe Checkout page with a test card. */
export async function payOnCheckoutPage(page: Page, payer: { email: string; name: string }, card = '4242 4242 4242 4242'): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Pay with card' })).toBeVisible({ timeout: 20_000 });
  const email = page.locator('#email');
  if (await email.isEditable()) await email.fill(payer.email);
  await page.locator('#number').fill(card);
  await page.locator('input[name="expiry"]').fill('12 / 34');
  await page.locator('input[name="cvc"]').fill('123');
  await page.locator('#name').fill(payer.name);
  await page.getByRole('button', { name: /^Pay / }).click();
}
