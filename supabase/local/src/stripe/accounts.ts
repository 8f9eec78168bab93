// Connected accounts (Express/Standard/Custom), account links to the local onboarding page, and the
// onboarding itself: details submitted → requested capabilities active → charges and payouts enabled.
import { invalidRequest, noSuchObject } from './stripe-error.ts';
import { idPrefixes, newId } from './stripe-ids.ts';
import type { Account, AccountLink, AccountLinkRecord, CapabilityStatus } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';
import type { StripeTx } from './stripe-tx.ts';

const linkLifetimeSeconds = 300;
const onboardingRequirements = ['business_type', 'external_account', 'individual.dob.day', 'individual.first_name', 'individual.last_name', 'tos_acceptance.date'];
const currencyByCountry: Record<string, string> = { US: 'usd', GB: 'gbp', CA: 'cad', AU: 'aud', JP: 'jpy', CH: 'chf', SE: 'sek', NO: 'nok', DK: 'dkk', PL: 'pln', MX: 'mxn', BR: 'brl', SG: 'sgd', IN: 'inr' };

export function onboardingPageUrl(apiUrl: string, linkId: string): string {
  return `${apiUrl}/stripe/connect/${linkId}`;
}

export async function createAccount(tx: StripeTx, params: StripeParams): Promise<Account> {
  // Newer API versions describe the account by its controller; map that onto the classic types.
  const dashboard = params.child('controller')?.child('stripe_dashboard')?.string('type', { oneOf: ['express', 'full', 'none'] });
  const fromController = dashboard === 'express' ? 'express' : dashboard === 'none' ? 'custom' : 'standard';
  const type = params.string('type', { oneOf: ['express', 'standard', 'custom'] }) as Account['type'] | undefined;
  if (!type && !params.has('controller')) throw invalidRequest('You must provide either `type` or `controller`.', 'type', 'parameter_missing');
  const country = (params.string('country') ?? 'US').toUpperCase();
  if (!/^[A-Z]{2}$/.test(country)) throw invalidRequest(`Country '${country}' is unknown.`, 'country', 'country_unsupported');
  const email = params.string('email', { maxLength: 800 }) ?? null;
  if (email !== null && !/^[^\s@]+@[^\s@]+$/.test(email)) throw invalidRequest(`Invalid email address: ${email}`, 'email', 'email_invalid');
  const capabilities: Record<string, CapabilityStatus> = {};
  const requested = params.child('capabilities');
  for (const name of Object.keys(requested?.raw ?? {})) {
    if (requested?.child(name)?.boolean('requested')) capabilities[name] = 'inactive';
  }
  const profile = params.child('business_profile');
  const account: Account = {
    id: newId(idPrefixes.account),
    object: 'account',
    created: tx.now,
    livemode: false,
    business_profile: {
      name: profile?.string('name') ?? null,
      url: profile?.string('url') ?? null,
      product_description: profile?.string('product_description') ?? null,
    },
    business_type: params.string('business_type', { oneOf: ['individual', 'company', 'non_profit', 'government_entity'] }) ?? null,
    capabilities,
    charges_enabled: false,
    country,
    default_currency: currencyByCountry[country] ?? 'eur',
    details_submitted: false,
    email,
    metadata: params.metadata(),
    payouts_enabled: false,
    requirements: { currently_due: onboardingRequirements, eventually_due: onboardingRequirements, past_due: [], disabled_reason: 'requirements.past_due' },
    type: type ?? fromController,
  };
  return tx.store.put(account);
}

export async function getAccount(store: StripeTx['store'], id: string, param?: string): Promise<Account> {
  const account = await store.get<Account>(id, 'account');
  if (!account) throw noSuchObject('account', id, param);
  return account;
}

export async function updateAccount(tx: StripeTx, id: string, params: StripeParams): Promise<Account> {
  const account = await getAccount(tx.store, id);
  const email = params.string('email', { maxLength: 800 });
  const updated: Account = {
    ...account,
    email: email ?? account.email,
    metadata: params.has('metadata') ? { ...account.metadata, ...params.metadata() } : account.metadata,
  };
  // Stripe deletes a metadata key sent with an empty value.
  for (const [key, value] of Object.entries(params.child('metadata')?.raw ?? {})) if (value === '') delete updated.metadata[key];
  await tx.store.put(updated);
  await tx.emit('account.updated', updated, { account: updated.id, previous: { email: account.email, metadata: account.metadata } });
  return updated;
}

export async function createAccountLink(tx: StripeTx, params: StripeParams): Promise<AccountLink> {
  const accountId = params.string('account', { required: true }) ?? '';
  await getAccount(tx.store, accountId, 'account');
  const type = params.string('type', { required: true, oneOf: ['account_onboarding', 'account_update'] }) as AccountLinkRecord['type'];
  const refreshUrl = params.url('refresh_url', { required: true }) ?? '';
  const returnUrl = params.url('return_url', { required: true }) ?? '';
  const record: AccountLinkRecord = {
    id: newId(idPrefixes.accountLink),
    object: 'account_link_record',
    created: tx.now,
    livemode: false,
    account: accountId,
    type,
    refresh_url: refreshUrl,
    return_url: returnUrl,
    expires_at: tx.now + linkLifetimeSeconds,
    used: false,
  };
  await tx.store.put(record);
  return { object: 'account_link', created: record.created, expires_at: record.expires_at, url: onboardingPageUrl(tx.apiUrl, record.id) };
}

export async function completeOnboarding(tx: StripeTx, accountId: string): Promise<Account> {
  const account = await getAccount(tx.store, accountId);
  const capabilities = Object.fromEntries(Object.keys(account.capabilities).map((name) => [name, 'active' as const]));
  const onboarded: Account = {
    ...account,
    business_type: account.business_type ?? 'individual',
    capabilities,
    charges_enabled: true,
    details_submitted: true,
    payouts_enabled: true,
    requirements: { currently_due: [], eventually_due: [], past_due: [], disabled_reason: null },
  };
  await tx.store.put(onboarded);
  await tx.emit('account.updated', onboarded, {
    account: account.id,
    previous: { capabilities: account.capabilities, charges_enabled: false, details_submitted: account.details_submitted, payouts_enabled: false },
  });
  return onboarded;
}

export type LinkVisit = { kind: 'missing' } | { kind: 'stale'; refreshUrl: string } | { kind: 'open'; link: AccountLinkRecord; account: Account };

/** Links are single-use and short-lived; a stale one sends the user to `refresh_url` for a new link. */
export async function visitLink(store: StripeTx['store'], linkId: string, now: number): Promise<LinkVisit> {
  const link = await store.get<AccountLinkRecord>(linkId, 'account_link_record');
  if (!link) return { kind: 'missing' };
  if (link.used || link.expires_at <= now) return { kind: 'stale', refreshUrl: link.refresh_url };
  return { kind: 'open', link, account: await getAccount(store, link.account) };
}

/** Submitting the onboarding form: uses up the link and, for onboarding, completes the account. */
export async function submitLink(tx: StripeTx, linkId: string): Promise<{ redirectUrl: string }> {
  const visit = await visitLink(tx.store, linkId, tx.now);
  if (visit.kind === 'missing') throw noSuchObject('account link', linkId);
  if (visit.kind === 'stale') return { redirectUrl: visit.refreshUrl };
  await tx.store.put<AccountLinkRecord>({ ...visit.link, used: true });
  await completeOnboarding(tx, visit.account.id);
  return { redirectUrl: visit.link.return_url };
}
