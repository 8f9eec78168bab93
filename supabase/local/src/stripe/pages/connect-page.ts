// Connect onboarding look-alike: the host confirms test details and is sent back to `return_url`.
import { html } from 'hono/html';
import type { Account } from '../stripe-objects.ts';
import { pageShell } from './page-shell.ts';

export function renderOnboardingPage(account: Account, returnUrl: string) {
  return pageShell(
    'Set up payouts',
    html`<main class="layout" style="grid-template-columns: 1fr; max-width: 520px;">
      <section class="panel">
        <h1>Set up payouts <span class="badge">TEST MODE</span></h1>
        <p>Account <code>${account.id}</code>${account.email ? html` for <strong>${account.email}</strong>` : ''} (${account.country}).</p>
        <p class="notice">In test mode no real identity or bank details are collected: submitting marks the account's details as submitted and enables charges and payouts.</p>
        <form method="post">
          <button type="submit">Agree and submit</button>
        </form>
        <p class="notice"><a href="${returnUrl}">Return without finishing</a></p>
      </section>
    </main>`,
  );
}

export function renderMissingPage(what: string) {
  return pageShell('Not found', html`<main class="layout" style="grid-template-columns: 1fr; max-width: 520px;"><section class="panel"><h1>${what} not found</h1></section></main>`);
}
