// `expand[]=payment_intent.latest_charge`: replaces id strings along a dotted path by the objects.
import { detailsId, type SessionDetails } from './checkout-sessions.ts';
import { invalidRequest } from './stripe-error.ts';
import type { StripeStore } from './stripe-store.ts';

type Json = Record<string, unknown>;

function isRecord(value: unknown): value is Json {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function expandPath(store: StripeStore, target: Json, segments: string[], path: string): Promise<void> {
  const [head, ...rest] = segments;
  if (head === undefined) return;
  if (head === 'line_items' && target.object === 'checkout.session' && typeof target.id === 'string') {
    const details = await store.get<SessionDetails>(detailsId(target.id), 'checkout.session.details');
    const data = details?.line_items ?? [];
    target.line_items = { object: 'list', data, has_more: false, url: `/v1/checkout/sessions/${target.id}/line_items` };
    return;
  }
  if (!(head in target)) throw invalidRequest(`This property cannot be expanded (${path}).`, 'expand');
  const value = target[head];
  if (typeof value === 'string') {
    const loaded = await store.get(value);
    if (loaded) target[head] = loaded as unknown as Json;
  }
  const next = target[head];
  if (rest.length > 0 && isRecord(next)) await expandPath(store, next, rest, path);
}

export async function expand<T extends object>(store: StripeStore, value: T, paths: string[]): Promise<T> {
  const copy = structuredClone(value) as unknown as Json;
  for (const path of paths) await expandPath(store, copy, path.split('.'), path);
  return copy as unknown as T;
}

/** For lists, Stripe's paths start with `data.`. */
export async function expandList<T extends object>(store: StripeStore, items: T[], paths: string[]): Promise<T[]> {
  const inner = paths.map((path) => {
    if (!path.startsWith('data.')) throw invalidRequest(`This property cannot be expanded (${path}). You may want to try expanding 'data.${path}' instead.`, 'expand');
    return path.slice('data.'.length);
  });
  return Promise.all(items.map((item) => expand(store, item, inner)));
}
