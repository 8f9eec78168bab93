// A new guest's first minutes on a phone (390 px): the Sign Up form speaks only in the app's words, each
// message following its field; the welcome toast leaves onboarding's Continue free; and the page title that
// takes focus after the redirect shows no focus box (it is not a control).
import { expect, test, type Locator } from '@playwright/test';
import { unique } from './support/own-data.ts';
import { screenshotBothWidths, viewports } from './support/screenshots.ts';
import { confirmEmailThroughInbox } from './support/confirm-email.ts';

test.use({ viewport: viewports.phone });

function overlaps(a: { x: number; y: number; width: number; height: number }, b: { x: number; y: number; width: number; height: number }): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

const outlineStyle = (element: Locator) => element.evaluate((node) => getComputedStyle(node).outlineStyle);

test('sign-up messages follow the fields; the welcome toast leaves Continue free; the focused title has no box', async ({ page }) => {
  test.setTimeout(60_000);
  await page.goto('/auth?mode=signup');
  const form = page.getByRole('form', { name: 'Sign Up' });
  const name = form.getByRole('textbox', { name: 'Full Name' });
  const email = form.getByRole('textbox', { name: 'Email' });
  const password = form.getByLabel(/^Password/).first();
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Full name is required')).toBeVisible();

  await name.fill('Pia Firsthour');
  await expect(form.getByText('Full name is required')).toBeHidden();
  const address = `${unique('pia').replace(/\s/g, '.')}@example.com`;
  await email.fill(address);
  await password.fill('abc');
  await form.getByRole('button', { name: 'Create Account' }).click();
  await expect(form.getByText('Password must be at least 6 characters')).toBeVisible();
  await expect(form.getByText(/fill out this field/i)).toHaveCount(0);
  await expect(name).not.toHaveAttribute('aria-invalid', 'true');
  await expect(email).not.toHaveAttribute('aria-invalid', 'true');
  await screenshotBothWidths(page, 'first-hour-sign-up-short-password');
  await page.setViewportSize(viewports.phone);

  await password.fill('abcdef12');
  await expect(form.getByText('Password must be at least 6 characters')).toBeHidden();
  // Sent from the keyboard, as many do: the title focused after the redirect must still show no box.
  await password.press('Enter');
  await confirmEmailThroughInbox(page, address);

  await expect(page).toHaveURL(/\/onboarding$/);
  const welcome = page.getByRole('region', { name: /Notifications/ }).getByRole('alertdialog', { name: /Welcome to NomadNest/ });
  await expect(welcome).toBeVisible();
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toBeFocused();
  expect(await outlineStyle(title)).toBe('none');
  const cont = page.getByRole('button', { name: 'Continue' });
  await cont.scrollIntoViewIfNeeded();
  expect(overlaps((await welcome.boundingBox())!, (await cont.boundingBox())!)).toBe(false);
  await page.screenshot({ path: 'test-results/screenshots/first-hour-onboarding-welcome-phone.png' });
});
