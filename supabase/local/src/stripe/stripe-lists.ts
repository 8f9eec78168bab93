// List objects with Stripe's cursor pagination (limit, starting_after, ending_before), newest first.
import { invalidRequest } from './stripe-error.ts';
import type { ListObject } from './stripe-objects.ts';
import type { StripeParams } from './stripe-params.ts';

export function paginate<T extends { id: string }>(items: T[], params: StripeParams, url: string): ListObject<T> {
  const limit = params.integer('limit', { min: 1, max: 100 }) ?? 10;
  const startingAfter = params.string('starting_after');
  const endingBefore = params.string('ending_before');
  if (startingAfter && endingBefore) throw invalidRequest('You may only specify one of these parameters: ending_before, starting_after.');
  let window = items;
  if (startingAfter) {
    const index = items.findIndex((item) => item.id === startingAfter);
    if (index < 0) throw invalidRequest(`No such object: '${startingAfter}'`, 'starting_after', 'resource_missing');
    window = items.slice(index + 1);
    return { object: 'list', data: window.slice(0, limit), has_more: window.length > limit, url };
  }
  if (endingBefore) {
    const index = items.findIndex((item) => item.id === endingBefore);
    if (index < 0) throw invalidRequest(`No such object: '${endingBefore}'`, 'ending_before', 'resource_missing');
    window = items.slice(0, index);
    return { object: 'list', data: window.slice(Math.max(0, window.length - limit)), has_more: window.length > limit, url };
  }
  return { object: 'list', data: window.slice(0, limit), has_more: window.length > limit, url };
}
