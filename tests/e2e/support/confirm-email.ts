// Sign-up with e-mail confirmation on (supabase/config.toml, as hosted projects have it): "Check your inbox",
// then the link of the "Confirm Your Signup" mail in the stand-in's mailbox, opened in the browser as the
// new user would (docs/decisions/email-confirmation.md). The one helper every spec that signs up uses.
import { expect, type Page } from '@playwright/test';
import { backendStatus } from './backend.ts';

interface Mail {
  subject: string;
  text: string;
}

/** The verify link of the newest sign-up confirmation mail to `email`, waiting for it to arrive. */
export async function confirmationLink(email: string): Promise<string> {
  const mailbox = `${backendStatus().mailbox_url}/api/messages?to=${encodeURIComponent(email)}`;
  const confirmations = async () => ((await (await fetch(mailbox)).json()) as Mail[]).filter((mail) => mail.subject === 'Confirm Your Signup');
  await expect.poll(async () => (await confirmations()).length).toBeGreaterThan(0);
  const [newest] = await confirmations();
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(newest!.text)?.[0];
  if (!link) throw new Error(`No verify link in the confirmation mail to ${email}`);
  return link;
}

/**
 * After Create Account: the page says "Check your inbox" and names `email`; the mail's link is opened in
 * this tab, or in a new tab of the same browser with `inNewTab` (as a mail app would), and signs the user
 * in. Returns the page the link opened in.
 */
export async function confirmEmailThroughInbox(page: Page, email: string, { inNewTab = false } = {}): Promise<Page> {
  await expect(page.getByRole('heading', { name: 'Check your inbox' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const link = await confirmationLink(email);
  const target = inNewTab ? await page.context().newPage() : page;
  await openConfirmationLink(target, link);
  return target;
}

/**
 * Opens a confirmation link and waits until the app has gone on from its landing (/auth?confirm=signup): it
 * reads the session from the fragment and makes sure of the account first, which on a busy machine can take
 * longer than an assertion's default 7 s.
 */
export async function openConfirmationLink(page: Page, link: string): Promise<void> {
  await page.goto(link);
  await expect(page).not.toHaveURL(/[?&]confirm=signup/, { timeout: 30_000 });
}
