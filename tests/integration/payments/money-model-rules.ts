// The money rules of docs/money-rules.md, checked against the Stripe double's own records (charges,
// transfers, application fees, refunds) and the bookings' status, plan and schedule in the database.
// Returns the violations as sentences; an empty list means every rule holds.
import { splitPlatformFeeCents } from '../../../src/domain/pricing.ts';
import type { MoneyRun } from './money-model-world.ts';

interface BookingRow {
  id: string;
  status: string;
  payment_plan: string;
  total_price: string;
}

interface PaymentRow {
  booking_id: string;
  sequence: number;
  amount_cents: number;
  status: string;
}

interface Charge {
  id: string;
  amount: number;
  amount_refunded: number;
  payment_intent: string;
  transfer: string | null;
  application_fee: string | null;
  metadata: Record<string, string>;
  status: string;
}

interface Transfer {
  id: string;
  amount: number;
  amount_reversed: number;
  destination: string;
}

interface ApplicationFee {
  id: string;
  amount: number;
  amount_refunded: number;
}

const PAID_STATUSES = new Set(['paid', 'pending', 'accepted', 'completed']);

const dollars = (cents: number): string => `$${(cents / 100).toFixed(2)}`;
const parsed = <T>(value: unknown): T => (typeof value === 'string' ? JSON.parse(value) : value) as T;

/** What the booking's status and plan say the guest owes, in cents (docs/money-rules.md, R1). */
export function owedCents(booking: BookingRow, payments: readonly PaymentRow[]): number {
  if (booking.status === 'declined') return 0;
  if (booking.payment_plan === 'monthly') {
    return payments.filter((payment) => payment.status === 'paid').reduce((sum, payment) => sum + payment.amount_cents, 0);
  }
  return PAID_STATUSES.has(booking.status) ? Math.round(Number(booking.total_price) * 100) : 0;
}

async function objects<T>(run: MoneyRun, object: string, where: string, params: unknown[]): Promise<T[]> {
  const { rows } = await run.t.server.ctx.db.query<{ data: unknown }>(`select data from _stripe.objects where object = '${object}' and ${where} order by seq`, params);
  return rows.map((row) => parsed<T>(row.data));
}

export async function moneyViolations(run: MoneyRun): Promise<string[]> {
  const violations: string[] = [...run.serverErrors];
  const ids = run.bookings.map((booking) => booking.id);
  if (ids.length === 0) return violations;
  const label = (id: string): string => run.bookings.find((booking) => booking.id === id)?.label ?? id;
  const db = run.t.server.ctx.db;

  const { rows: bookings } = await db.query<BookingRow>(`select id::text, status, payment_plan, total_price::text from public.bookings where id = any($1::uuid[])`, [ids]);
  const { rows: payments } = await db.query<PaymentRow>(
    `select booking_id::text, sequence, amount_cents, status from public.booking_payments where booking_id = any($1::uuid[]) order by sequence`,
    [ids],
  );
  const charges = await objects<Charge>(run, 'charge', `data->'metadata'->>'booking_id' = any($1::text[])`, [ids]);
  const transfers = new Map((await objects<Transfer>(run, 'transfer', `id = any($1::text[])`, [charges.map((c) => c.transfer).filter(Boolean)])).map((x) => [x.id, x]));
  const fees = new Map((await objects<ApplicationFee>(run, 'application_fee', `id = any($1::text[])`, [charges.map((c) => c.application_fee).filter(Boolean)])).map((x) => [x.id, x]));

  // R3 and R4: every charge splits what was kept 90/10 between the host and the platform, and every cent
  // charged is the guest's (refunded), the host's or the platform's.
  const keptByBooking = new Map<string, number>();
  for (const charge of charges) {
    if (charge.status !== 'succeeded') continue;
    const bookingId = charge.metadata.booking_id as string;
    const kept = charge.amount - charge.amount_refunded;
    keptByBooking.set(bookingId, (keptByBooking.get(bookingId) ?? 0) + kept);
    const transfer = charge.transfer ? transfers.get(charge.transfer) : undefined;
    const fee = charge.application_fee ? fees.get(charge.application_fee) : undefined;
    const where = `charge ${charge.id} of ${label(bookingId)} (${dollars(charge.amount)}, ${dollars(charge.amount_refunded)} refunded)`;
    if (!transfer || transfer.destination !== run.world.hostAccount) {
      violations.push(`R4 ${where}: no transfer to the host's account ${run.world.hostAccount}`);
      continue;
    }
    const hostKept = transfer.amount - transfer.amount_reversed;
    const platformKept = fee ? fee.amount - fee.amount_refunded : 0;
    if (hostKept + platformKept !== kept) violations.push(`R4 ${where}: host ${dollars(hostKept)} + platform ${dollars(platformKept)} ≠ kept ${dollars(kept)}`);
    const expectedFee = splitPlatformFeeCents(kept).platformFeeCents;
    if (platformKept !== expectedFee) violations.push(`R3 ${where}: platform keeps ${dollars(platformKept)}, 10% of ${dollars(kept)} is ${dollars(expectedFee)}`);
  }

  // R1 and R2, for each booking no Stripe event is still on its way to (the app cannot know what Stripe
  // has not told it yet; docs/money-rules.md "When the rules are checked").
  const inFlight = new Set(run.pending.map((event) => event.bookingId));
  for (const booking of bookings) {
    const own = payments.filter((payment) => payment.booking_id === booking.id);
    const name = `${label(booking.id)} (${booking.status}, plan ${booking.payment_plan}, total ${dollars(Number(booking.total_price) * 100)}${own.length ? `, payments ${own.map((p) => `${p.sequence}:${p.status}`).join(' ')}` : ''})`;
    if (booking.payment_plan === 'monthly' && own.length > 0) {
      const scheduled = own.reduce((sum, payment) => sum + payment.amount_cents, 0);
      if (scheduled !== Math.round(Number(booking.total_price) * 100)) violations.push(`R2 ${name}: the schedule adds up to ${dollars(scheduled)}`);
      if (PAID_STATUSES.has(booking.status) && own[0]?.status !== 'paid') violations.push(`R2 ${name}: paid, but its first payment is ${own[0]?.status}`);
    }
    if (booking.payment_plan === 'full' && own.length > 0) violations.push(`R2 ${name}: paid in full, yet it has a monthly schedule`);
    if (inFlight.has(booking.id)) continue;
    const kept = keptByBooking.get(booking.id) ?? 0;
    const owed = owedCents(booking, own);
    if (kept !== owed) violations.push(`R1 ${name}: Stripe keeps ${dollars(kept)} of the guest's money, the booking says ${dollars(owed)} is owed`);
  }
  return violations;
}
