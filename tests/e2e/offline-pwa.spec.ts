import { expect, test } from '@playwright/test';
import { demoPassword } from './support/backend';

test.describe('installable app', () => {
  test('serves a valid web app manifest with its icons', async ({ page, request }) => {
    await page.goto('/');
    const href = await page.locator('link[rel="manifest"]').getAttribute('href');
    expect(href).toBeTruthy();
    const manifest = (await (await request.get(href!)).json()) as {
      name: string;
      start_url: string;
      display: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose?: string }[];
    };
    expect(manifest).toMatchObject({ name: 'NomadNest', start_url: '/', display: 'standalone', theme_color: '#0f766e' });
    expect(manifest.icons.map((icon) => icon.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
    expect(manifest.icons.some((icon) => icon.purpose === 'maskable')).toBe(true);
    for (const icon of manifest.icons) expect((await request.get(icon.src)).status()).toBe(200);
  });

  test('the service worker takes control and serves the shell offline', async ({ page, context }) => {
    await page.goto('/');
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    await page.reload();
    expect(await page.evaluate(() => Boolean(navigator.serviceWorker.controller))).toBe(true);
    await context.setOffline(true);
    await page.goto('/properties');
    await expect(page.getByRole('heading', { level: 1, name: 'Explore Villas' })).toBeVisible();
    await context.setOffline(false);
  });
});

test.describe('offline reading', () => {
  test('a signed-in guest reloads offline and still sees conversations and messages', async ({ page, context }) => {
    test.setTimeout(90_000);
    await page.goto('/messages');
    const form = page.getByRole('form', { name: 'Sign In' });
    await form.getByLabel('Email').fill('leo.guest@nomadnest.test');
    await form.getByLabel('Password').fill(demoPassword);
    await form.getByRole('button', { name: 'Sign In' }).click();
    await expect(page).toHaveURL(/\/messages$/);
    await page.evaluate(() => navigator.serviceWorker.ready.then(() => undefined));
    // Leo's guest conversation with Ana (supabase/seed/README.md).
    const conversation = page.getByRole('tabpanel').getByRole('link', { name: /Ana Kowalski/ });
    await conversation.click();
    const log = page.getByRole('log', { name: 'Messages' });
    await expect(log.locator('[data-message-id]').first()).toBeVisible();
    const messageCount = await log.locator('[data-message-id]').count();

    await context.setOffline(true);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: 'Messages' })).toBeVisible();
    await conversation.click();
    await expect(log.locator('[data-message-id]')).toHaveCount(messageCount);
    await context.setOffline(false);
  });
});
