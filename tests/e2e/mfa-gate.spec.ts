import { expect, test, type Page, type Request } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { api, json } from './support/backend-api.ts';
import { demoPassword } from './support/backend.ts';
import { newGuest, type NewGuest } from './support/own-data.ts';

// The second factor comes before anything of the user's loads (docs/decisions/mfa-second-factor-step.md): after the
// password, and again after a reload of a password-only session, the app asks for the code; it neither
// fetches the user's rows nor opens their local mirror until the code is verified.

/** Turns on TOTP for the guest through the auth API, as the profile's Security section does. */
async function withTotp(guest: NewGuest): Promise<OTPAuth.TOTP> {
  const { access_token: token } = await json<{ access_token: string }>(
    await api('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email: guest.email, password: demoPassword }) }),
    200,
  );
  const factor = await json<{ id: string; totp: { secret: string } }>(await api('/auth/v1/factors', { method: 'POST', token, body: JSON.stringify({ factor_type: 'totp' }) }), 200);
  const totp = new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(factor.totp.secret), digits: 6, period: 30, algorithm: 'SHA1' });
  const challenge = await json<{ id: string }>(await api(`/auth/v1/factors/${factor.id}/challenge`, { method: 'POST', token, body: '{}' }), 200);
  await json(await api(`/auth/v1/factors/${factor.id}/verify`, { method: 'POST', token, body: JSON.stringify({ challenge_id: challenge.id, code: totp.generate() }) }), 200);
  return totp;
}

/** Requests for rows only a signed-in user reads (listings are public and may load meanwhile). */
function isUserDataRequest(request: Request): boolean {
  return /\/rest\/v1\/(profiles|user_roles|bookings|booking_payments|messages|house_chat_reads|notification_preferences|push_subscriptions|rpc\/get_conversation_summaries)\b/.test(request.url());
}

const userDatabaseExists = (page: Page, dbName: string) => page.evaluate(async (name) => (await indexedDB.databases()).some((info) => info.name === name), dbName);

test('a two-factor account asks for the code after the password and after a reload, and loads nothing before it', async ({ page }) => {
  const guest = await newGuest('Tess Twofactor');
  const totp = await withTotp(guest);
  const userDataRequests: string[] = [];
  page.on('request', (request) => {
    if (isUserDataRequest(request)) userDataRequests.push(request.url());
  });
  const nav = page.getByRole('navigation', { name: 'Main' });
  const challenge = page.getByRole('form', { name: 'Two-factor authentication' });

  await page.goto('/auth?redirect=%2Fdashboard');
  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(guest.email);
  await signIn.getByLabel('Password').fill(demoPassword);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await expect(challenge).toBeVisible();
  // Signed out for the app until the code: the nav offers Sign In, not the account.
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toHaveCount(0);

  // A reload of the password-only session asks again, on /auth and on a signed-in route.
  await page.reload();
  await expect(challenge).toBeVisible();
  await page.goto('/dashboard');
  await expect(page).toHaveURL(/\/auth\?redirect=%2Fdashboard$/);
  await expect(challenge).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  expect(await userDatabaseExists(page, guest.dbName)).toBe(false);
  expect(userDataRequests).toEqual([]);

  // The code opens the account: its data loads and its mirror opens.
  await challenge.getByRole('textbox', { name: 'Authentication code' }).fill(totp.generate());
  await challenge.getByRole('button', { name: 'Verify' }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(nav.getByRole('button', { name: 'Sign Out' })).toBeVisible();
  await expect.poll(() => userDatabaseExists(page, guest.dbName)).toBe(true);
  expect(userDataRequests.length).toBeGreaterThan(0);
});

test('the second-factor step can be left for another account', async ({ page }) => {
  const guest = await newGuest('Otto Other');
  await withTotp(guest);
  await page.goto('/auth');
  const signIn = page.getByRole('form', { name: 'Sign In' });
  await signIn.getByLabel('Email').fill(guest.email);
  await signIn.getByLabel('Password').fill(demoPassword);
  await signIn.getByRole('button', { name: 'Sign In' }).click();
  await page.getByRole('form', { name: 'Two-factor authentication' }).getByRole('button', { name: 'Use another account' }).click();
  await expect(page.getByRole('form', { name: 'Sign In' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => Object.keys(localStorage).some((key) => /^sb-.+-auth-token$/.test(key)))).toBe(false);
});
