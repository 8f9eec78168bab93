// The backend as the payment page and a guest's browser would use it: REST, functions and the Stripe
// double's test endpoints, for specs that need a paid booking without clicking through checkout.
import { expect } from '@playwright/test';
import { bookingTotal } from '../../../src/domain/pricing.ts';
import { addDaysToDate, checkoutDate, toDateOnly } from '../../../src/domain/stay-dates.ts';
import { backendStatus, demoPassword } from './backend.ts';

export async function api(path: string, init: RequestInit & { token?: string; useServiceKey?: boolean } = {}): Promise<Response> {
  const status = backendStatus();
  const key = init.useServiceKey ? status.service_role_key : status.anon_key;
  const headers = new Headers(init.headers);
  headers.set('apikey', key);
  headers.set('authorization', `Bearer ${init.token ?? key}`);
  if (init.body) headers.set('content-type', 'application/json');
  return fetch(`${status.api_url}${path}`, { ...init, headers });
}

export async function accessToken(email: string): Promise<string> {
  const response = await api('/auth/v1/token?grant_type=password', { method: 'POST', body: JSON.stringify({ email, password: demoPassword }) });
  expect(response.status).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function bookingStatus(bookingId: string): Promise<string> {
  const response = await api(`/rest/v1/bookings?id=eq.${bookingId}&select=status`, { useServiceKey: true });
  return ((await response.json()) as { status: string }[])[0]?.status ?? 'missing';
}

/** A guest books a room for 2 months from `checkInDaysAhead` days ahead, unpaid (a checkout not finished). */
export async function unpaidBooking(guestEmail: string, room: { id: string; propertyId: string }, checkInDaysAhead = 30): Promise<{ bookingId: string; token: string }> {
  const token = await accessToken(guestEmail);
  const roomRow = ((await (await api(`/rest/v1/rooms?id=eq.${room.id}&select=price_per_week`, { token })).json()) as { price_per_week: number }[])[0]!;
  const checkIn = addDaysToDate(toDateOnly(new Date()), checkInDaysAhead);
  const inserted = await api('/rest/v1/bookings?select=id', {
    method: 'POST',
    token,
    headers: { prefer: 'return=representation' },
    body: JSON.stringify({
      property_id: room.propertyId, room_id: room.id, check_in: checkIn, check_out: checkoutDate(checkIn, 2),
      total_price: bookingTotal(2, Number(roomRow.price_per_week)), status: 'pending_payment', guest_email: guestEmail,
    }),
  });
  expect(inserted.status).toBe(201);
  return { bookingId: ((await inserted.json()) as { id: string }[])[0]!.id, token };
}

/** A guest books a room for 2 months from `checkInDaysAhead` days ahead and pays with the test card; resolves once paid. */
export async function paidBooking(guestEmail: string, room: { id: string; propertyId: string }, checkInDaysAhead = 30): Promise<{ bookingId: string; paymentIntent: string }> {
  const { bookingId, token } = await unpaidBooking(guestEmail, room, checkInDaysAhead);
  const checkout = await api('/functions/v1/create-checkout-session-v2', { method: 'POST', token, body: JSON.stringify({ booking_id: bookingId }) });
  expect(checkout.status).toBe(200);
  const sessionId = new URL(((await checkout.json()) as { url: string }).url).pathname.split('/').pop()!;
  const paid = await api(`/stripe/test/checkout/${sessionId}/pay`, { method: 'POST', body: JSON.stringify({ card: '4242 4242 4242 4242' }) });
  expect(paid.status).toBe(200);
  const paymentIntent = ((await paid.json()) as { payment_intent: { id: string } }).payment_intent.id;
  await expect.poll(() => bookingStatus(bookingId), { timeout: 15_000 }).toBe('paid');
  return { bookingId, paymentIntent };
}


export interface ScheduledCharge {
  paymentId: string;
  outcome: 'paid' | 'failed' | 'skipped';
  code?: string;
}

/**
 * Moves the stand-in's scheduler clock to noon (UTC) of `date` if it is not past it yet, as
 * `npm run local -- clock advance` does, and returns what charge-due-payments charged then.
 */
export async function runSchedulerOn(date: string): Promise<ScheduledCharge[]> {
  const { now } = await json<{ now: string }>(await api('/_local/clock', { useServiceKey: true }));
  const ahead = Date.parse(`${date}T12:00:00Z`) - Date.parse(now);
  const minutes = Math.ceil(ahead / 60_000);
  const response = minutes > 0
    ? await api('/_local/clock/advance', { method: 'POST', useServiceKey: true, body: JSON.stringify({ by: `${minutes}m` }) })
    : await api('/_local/scheduler/run', { method: 'POST', useServiceKey: true });
  const { runs } = await json<{ runs: { name: string; status: number; body: { charged: ScheduledCharge[] } }[] }>(response);
  const run = runs.find((r) => r.name === 'charge-due-payments');
  expect(run?.status).toBe(200);
  return run?.body.charged ?? [];
}

/** The response's JSON body, after checking its status (the body is the failure message). */
export async function json<T>(response: Response, status = 200): Promise<T> {
  const body = await response.text();
  expect(response.status, body).toBe(status);
  return (body ? JSON.parse(body) : null) as T;
}
