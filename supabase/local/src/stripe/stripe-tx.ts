// What an API call gets inside the double's serialised transaction (StripeDouble.mutate): the store,
// the call's clock and a way to emit events. Its own module so the object modules (checkout sessions,
// accounts, refunds) depend on it and not on the double that calls them.
import type { StripeEvent, StripeObject } from './stripe-objects.ts';
import type { StripeStore } from './stripe-store.ts';

export interface StripeTx {
  store: StripeStore;
  now: number;
  apiUrl: string;
  emit(type: string, object: StripeObject, opts?: { previous?: Record<string, unknown>; account?: string }): Promise<StripeEvent>;
}
