import { expect, test, type Page } from '@playwright/test';
import { demoPassword } from './support/backend.ts';
import { screenshotBothWidths } from './support/screenshots.ts';
import { confirmEmailThroughInbox } from './support/confirm-email.ts';
import { uniqueEmail } from './support/new-account.ts';

async function openTab(page: Page, tab: 'Sign In' | 'Sign Up') {
  await page.goto('/auth');
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('form', { name: tab });
}

test.describe('auth page', () => {
  test('looks finished at both widths', async ({ page }) => {
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await screenshotBothWidths(page, 'auth-sign-in');
    await page.getByRole('tab', { name: 'Sign Up' }).click();
    await screenshotBothWidths(page, 'auth-sign-up');
  });

  test('every field is required, e-mails use the e-mail type, sign-up passwords need 6 characters', async ({ page }) => {
    const signIn = await openTab(page, 'Sign In');
    await expect(signIn.getByLabel('Email')).toHaveAttribute('type', 'email');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(signIn.getByText('Email is required')).toBeVisible();
    await expect(signIn.getByText('Password is required')).toBeVisible();

    const signUp = await openTab(page, 'Sign Up');
    await expect(signUp.getByLabel('Email')).toHaveAttribute('type', 'email');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(signUp.getByText('Full name is required')).toBeVisible();
    await signUp.getByLabel('Full Name').fill('Short Password');
    await signUp.getByLabel('Email').fill('not-an-email');
    await signUp.getByLabel('Password').fill('12345');
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await expect(signUp.getByText('Please enter a valid email address')).toBeVisible();
    await expect(signUp.getByText('Password must be at least 6 characters')).toBeVisible();
  });

  test('a wrong password shows the server message in an error toast', async ({ page }) => {
    const signIn = await openTab(page, 'Sign In');
    await signIn.getByLabel('Email').fill('leo.guest@nomadnest.test');
    await signIn.getByLabel('Password').fill('wrong-password');
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    const toast = page.getByRole('region', { name: /Notifications/ });
    await expect(toast.getByText('Error', { exact: true })).toBeVisible();
    await expect(toast.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a new guest signs up, is welcomed and goes to guest onboarding', async ({ page }) => {
    const signUp = await openTab(page, 'Sign Up');
    await signUp.getByLabel('Full Name').fill('Nora Quinn Lee');
    const email = uniqueEmail('nora');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('secret-123');
    await signUp.getByText('Find a villa').click();
    await expect(signUp.getByRole('radio', { name: /Find a villa/ })).toBeChecked();
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await confirmEmailThroughInbox(page, email);
    await expect(page).toHaveURL(/\/onboarding$/);
    await expect(page.getByText('Welcome to NomadNest, Nora Quinn Lee!')).toBeVisible();
    const nav = page.getByRole('navigation', { name: 'Main' });
    await expect(nav.getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(nav.getByRole('img', { name: 'Nora Quinn Lee' })).toHaveText('NQL');
  });

  test('a new host signs up and goes to host onboarding', async ({ page }) => {
    const signUp = await openTab(page, 'Sign Up');
    await signUp.getByLabel('Full Name').fill('Hana Host');
    const email = uniqueEmail('hana');
    await signUp.getByLabel('Email').fill(email);
    await signUp.getByLabel('Password').fill('secret-123');
    await signUp.getByText('List my villa').click();
    await expect(signUp.getByRole('radio', { name: /List my villa/ })).toBeChecked();
    await signUp.getByRole('button', { name: 'Create Account' }).click();
    await confirmEmailThroughInbox(page, email);
    await expect(page).toHaveURL(/\/host-onboarding$/);
  });

  test('an onboarded guest signs in to the page they asked for, then signs out to /', async ({ page }) => {
    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth\?redirect=%2Fprofile$/);
    const signIn = page.getByRole('form', { name: 'Sign In' });
    await signIn.getByLabel('Email').fill('leo.guest@nomadnest.test');
    await signIn.getByLabel('Password').fill(demoPassword);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByText("You've successfully signed in.")).toBeVisible();

    await page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }).click();
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Sign In' })).toBeVisible();
  });

  test('an onboarded user without a redirect goes to the dashboard', async ({ page }) => {
    const signIn = await openTab(page, 'Sign In');
    await signIn.getByLabel('Email').fill('maya.host@nomadnest.test');
    await signIn.getByLabel('Password').fill(demoPassword);
    await signIn.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
