// New people for specs that are not about signing up: a confirmed account made through the stand-in's admin
// API with the service key (no form, no mailbox), then signed in through the Sign In form. Signing up itself,
// with the "Check your inbox" mail, stays covered where it is the subject (auth, email-confirmation,
// first-hour-sign-up, guest-journey: support/confirm-email.ts).
import { expect, type Page } from '@playwright/test';
import { api, json } from './backend-api.ts';
import { demoPassword } from './backend.ts';
import { signIn } from './booking-card.ts';

/** An address no other run of any spec has used; `label` says whose it is in the mailbox and the logs. */
export const uniqueEmail = (label: string) =>
  `${label.toLowerCase().replace(/[^a-z0-9]+/g, '-')}.${Date.now().toString(36)}${Math.floor(Math.random() * 1e6)}@example.test`;

export interface NewAccount {
  id: string;
  email: string;
  name: string;
  /** the person's local mirror database */
  dbName: string;
}

export interface NewAccountOptions {
  role: 'guest' | 'host';
  /** onboarding done (the default): sign-in lands on the page asked for, not on the onboarding steps */
  onboarded?: boolean;
  /** the e-mail's label (uniqueEmail) */
  label?: string;
}

/**
 * A confirmed account with the demo password and the profile sign-up would make (name and role from the
 * user metadata, as the Sign Up form sends them); onboarding done unless `onboarded: false`.
 */
export async function newAccount(name: string, { role, onboarded = true, label = role }: NewAccountOptions): Promise<NewAccount> {
  const email = uniqueEmail(label);
  const { id } = await json<{ id: string }>(
    await api('/auth/v1/admin/users', {
      method: 'POST',
      useServiceKey: true,
      body: JSON.stringify({ email, password: demoPassword, email_confirm: true, user_metadata: { full_name: name, role } }),
    }),
  );
  if (onboarded) {
    await json(await api(`/rest/v1/profiles?id=eq.${id}`, { method: 'PATCH', useServiceKey: true, body: JSON.stringify({ onboarding_complete: true }) }), 204);
  }
  return { id, email, name, dbName: `nomadnest-${id}` };
}

/** Where the app takes a person who has not finished onboarding after signing in. */
export const onboardingPath = (role: NewAccountOptions['role']) => (role === 'host' ? '/host-onboarding' : '/onboarding');

/**
 * A new account signed in on this page through the Sign In form. Not onboarded, it signs in on plain /auth
 * and resolves on the role's onboarding page, where the app takes it (a `redirect` would be kept for after
 * onboarding); onboarded, it resolves on `landsOn` (the dashboard by default).
 */
export async function signInNewAccount(page: Page, name: string, options: NewAccountOptions & { landsOn?: string }): Promise<NewAccount> {
  const account = await newAccount(name, options);
  const isOnboarded = options.onboarded !== false;
  const landsOn = isOnboarded ? (options.landsOn ?? '/dashboard') : onboardingPath(options.role);
  await page.goto(isOnboarded ? `/auth?redirect=${encodeURIComponent(landsOn)}` : '/auth');
  await signIn(page, account.email);
  await expect(page).toHaveURL(new RegExp(`${landsOn.replace(/[?]/g, '\\?')}$`));
  return account;
}
