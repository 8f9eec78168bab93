// Stripe-hosted-Checkout look-alike: what is bought, how much, and a card form.
import { html } from 'hono/html';
import type { CheckoutSession, LineItem } from '../stripe-objects.ts';
import { formatAmount, pageShell } from './page-shell.ts';

export interface CheckoutFormValues {
  email: string;
  number: string;
  expiry: string;
  cvc: string;
  name: string;
}

function summary(session: CheckoutSession, items: LineItem[]) {
  return html`<section class="summary">
    ${session.cancel_url ? html`<a class="back" href="${session.cancel_url}">← Back</a>` : ''}
    <div>Pay <span class="badge">TEST MODE</span></div>
    <div class="amount">${formatAmount(session.amount_total, session.currency)}</div>
    ${items.map(
      (item) => html`<div class="item">
        <div>${item.description}<div class="qty">Qty ${item.quantity} × ${formatAmount(item.price.unit_amount, item.currency)}</div></div>
        <div>${formatAmount(item.amount_total, item.currency)}</div>
      </div>`,
    )}
    <div class="total"><span>Total due</span><span>${formatAmount(session.amount_total, session.currency)}</span></div>
  </section>`;
}

/** `savesCard`: the session's setup_future_usage, for which Stripe's page tells the payer the card is kept. */
export function renderCheckoutPage(session: CheckoutSession, items: LineItem[], values: CheckoutFormValues, error: string | null, savesCard: 'on_session' | 'off_session' | null = null) {
  const title = `Pay ${formatAmount(session.amount_total, session.currency)}`;
  if (session.status === 'expired') {
    return pageShell(
      'Checkout expired',
      html`<main class="layout">${summary(session, items)}<section class="panel">
        <h1>This checkout session has expired</h1>
        <p>Its time ran out or it was cancelled, so it can no longer be paid.</p>
        ${session.cancel_url ? html`<p><a href="${session.cancel_url}">Return to the site</a></p>` : ''}
      </section></main>`,
    );
  }
  if (session.status === 'complete') {
    const successUrl = session.success_url?.replace(/\{CHECKOUT_SESSION_ID\}/g, session.id);
    return pageShell(
      'Payment complete',
      html`<main class="layout">${summary(session, items)}<section class="panel">
        <h1 class="done">Payment complete</h1>
        <p>Thanks — this checkout session has been paid.</p>
        ${successUrl ? html`<p><a href="${successUrl}">Continue</a></p>` : ''}
      </section></main>`,
    );
  }
  return pageShell(
    title,
    html`<main class="layout">
      ${summary(session, items)}
      <section class="panel">
        <h1>Pay with card</h1>
        <form method="post" novalidate>
          <label for="email">Email</label>
          <input id="email" name="email" type="email" autocomplete="email" value="${values.email}" ${session.customer_email ? 'readonly' : ''} />
          <label for="number">Card information</label>
          <div class="card-group">
            <input id="number" name="number" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" value="${values.number}" required />
            <div class="row">
              <input name="expiry" aria-label="Expiration (MM / YY)" autocomplete="cc-exp" placeholder="MM / YY" value="${values.expiry}" required />
              <input name="cvc" aria-label="CVC" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" value="${values.cvc}" required />
            </div>
          </div>
          <label for="name">Cardholder name</label>
          <input id="name" name="name" autocomplete="cc-name" value="${values.name}" />
          ${error ? html`<div class="error" role="alert">${error}</div>` : ''}
          ${savesCard === 'off_session' ? html`<p class="notice">By paying, you allow the merchant to charge this card for future payments in accordance with their terms.</p>` : ''}
          ${savesCard === 'on_session' ? html`<p class="notice">Your card will be saved for your next purchases.</p>` : ''}
          <button type="submit">${title}</button>
        </form>
        <p class="notice">Test card <code>4242 4242 4242 4242</code> pays; <code>4000 0000 0000 0002</code> is declined. Saved for later payments, <code>4000 0000 0000 0341</code> is declined and <code>4000 0027 6000 3184</code> needs authentication off the session. Any future expiry and any CVC.</p>
      </section>
    </main>`,
  );
}
