import { expect, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { signIn } from './booking-card.ts';

/** Someone the specs sign in as (a demo account of supabase/seed). */
export interface DemoPerson {
  email: string;
}

/** Opens `path` signed out, signs in on /auth (RequireSession's redirect) and lands back on `path`. */
export async function signInThroughRedirect(page: Page, person: DemoPerson, path: string): Promise<void> {
  await page.goto(path);
  await expect(page).toHaveURL(/\/auth\?redirect=/);
  await signIn(page, person.email);
  await expect(page).toHaveURL(new RegExp(`${path.replace(/[?]/g, '\\?')}$`));
}

/** A fresh browser context (its own storage: another device) signed in at `path`. */
export async function openSignedIn(browser: Browser, person: DemoPerson, path: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signInThroughRedirect(page, person, path);
  return { context, page };
}
