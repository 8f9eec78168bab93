// The commands of the money model: the real actions of guests, hosts, Stripe and the scheduler, each run
// through the real Edge Functions and the Stripe double, with the money rules (money-model-rules.ts)
// checked after every one. Commands name bookings, sessions and events by the run's labels (b1, s2, e3),
// so a shrunk failing sequence reads as a reproduction.
import fc from 'fast-check';
import { moneyViolations } from './money-model-rules.ts';
import { MoneyRun, type RunBooking, type RunSession, type StripeEventRecord } from './money-model-world.ts';
import { payWithCard, sessionIdOf } from './payments-support.ts';

/** What generation and shrinking know: how many of each thing the run holds so far. */
export interface MoneyModel {
  bookings: number;
  sessions: number;
  pending: number;
  delivered: number;
}

type Command = fc.AsyncCommand<MoneyModel, MoneyRun>;


const cards = { '4242': '4242 4242 4242 4242', '0341': '4000 0000 0000 0341', '3184': '4000 0027 6000 3184' } as const;
type CardName = keyof typeof cards;

/** Runs a command's action, then (unless it holds them back) delivers the events it caused, then checks the rules. */
abstract class MoneyCommand implements Command {
  constructor(protected readonly deliverAfter: boolean) {}
  abstract check(model: Readonly<MoneyModel>): boolean;
  protected abstract act(run: MoneyRun): Promise<void>;
  protected abstract describe(): string;

  async run(model: MoneyModel, run: MoneyRun): Promise<void> {
    run.journal.push(`> ${this.toString()}`);
    await this.act(run);
    await run.collectEvents();
    if (this.deliverAfter) await run.deliverAllPending();
    Object.assign(model, { bookings: run.bookings.length, sessions: run.sessions.length, pending: run.pending.length, delivered: run.delivered.length });
    const violations = await moneyViolations(run);
    if (violations.length > 0) throw new Error(`money rules broken after ${this.toString()}:\n  ${violations.join('\n  ')}\nwhat happened:\n  ${run.journal.join('\n  ')}`);
  }

  toString(): string {
    return `${this.describe()}${this.deliverAfter ? '' : ' (events held)'}`;
  }
}

export class RequestStay extends MoneyCommand {
  constructor(private readonly guest: number, private readonly room: number, private readonly months: 2 | 3, private readonly daysAhead: number) {
    super(true);
  }
  check = () => true;
  describe = () => `request(guest ${this.guest}, room ${this.room}, ${this.months} months from day +${this.daysAhead})`;
  protected async act(run: MoneyRun): Promise<void> {
    await run.request(this.guest, this.room, this.months, this.daysAhead);
  }
}

export class Checkout extends MoneyCommand {
  constructor(private readonly booking: number, private readonly plan: 'full' | 'monthly', deliver: boolean) {
    super(deliver);
  }
  check = (m: Readonly<MoneyModel>) => this.booking < m.bookings;
  describe = () => `checkout(b${this.booking + 1}, ${this.plan})`;
  protected async act(run: MoneyRun): Promise<void> {
    const booking = run.bookings[this.booking] as RunBooking;
    const result = await run.call(booking.guest.client, 'create-booking-checkout', { bookingId: booking.id, paymentPlan: this.plan }, this.toString());
    if (result.status !== 200) return;
    const session: RunSession = { label: `s${run.sessions.length + 1}`, id: sessionIdOf(String(result.body.url)), booking, kind: 'checkout' };
    run.sessions.push(session);
    run.journal.push(`  opened ${session.label}`);
  }
}

export class PaySession extends MoneyCommand {
  constructor(private readonly session: number, private readonly card: CardName, deliver: boolean) {
    super(deliver);
  }
  check = (m: Readonly<MoneyModel>) => this.session < m.sessions;
  describe = () => `pay(s${this.session + 1}, card ${this.card})`;
  protected async act(run: MoneyRun): Promise<void> {
    const session = run.sessions[this.session] as RunSession;
    const paid = await payWithCard(run.t, session.id, cards[this.card]);
    run.journal.push(`  ${session.label} (${session.kind} of ${session.booking.label}) paid → ${paid.status}${paid.status === 200 ? '' : ` ${String((paid.body.error as { code?: string } | undefined)?.code ?? '')}`}`);
    if (paid.status >= 500) run.serverErrors.push(`${this.toString()}: the double answered ${paid.status}`);
  }
}

export class DeliverEvent extends MoneyCommand {
  constructor(private readonly event: number, private readonly again: boolean) {
    super(false);
  }
  check = (m: Readonly<MoneyModel>) => this.event < (this.again ? m.delivered : m.pending);
  describe = () => `${this.again ? 'replay' : 'deliver'}(${this.again ? 'delivered' : 'pending'} event #${this.event + 1})`;
  protected async act(run: MoneyRun): Promise<void> {
    const event = (this.again ? run.delivered : run.pending)[this.event] as StripeEventRecord;
    await run.deliver(event);
  }
  override toString(): string {
    return this.describe();
  }
}

export class DeliverAll extends MoneyCommand {
  constructor() {
    super(true);
  }
  check = (m: Readonly<MoneyModel>) => m.pending > 0;
  describe = () => 'deliver all pending events';
  protected async act(): Promise<void> {}
}

export class ForeignEvent extends MoneyCommand {
  constructor(private readonly type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'refund.created', private readonly ofBooking: number | null) {
    super(false);
  }
  check = () => true;
  describe = () => `foreign ${this.type} event${this.ofBooking === null ? '' : ` naming a payment of b${this.ofBooking + 1}`}`;
  protected async act(run: MoneyRun): Promise<void> {
    const booking = this.ofBooking === null ? undefined : run.bookings[this.ofBooking];
    const payment = booking ? (await run.payments(booking.id))[1] : undefined;
    await run.deliverForeignEvent(this.type, payment?.id ?? null);
  }
  override toString(): string {
    return this.describe();
  }
}

/** A party's call about one booking: verify (guest's return), accept (host's REST update), decline, cancel, end stay. */
export class BookingAction extends MoneyCommand {
  constructor(private readonly action: 'verify' | 'accept' | 'decline' | 'cancel' | 'end-stay', private readonly booking: number, deliver: boolean) {
    super(deliver);
  }
  check = (m: Readonly<MoneyModel>) => this.booking < m.bookings;
  describe = () => `${this.action}(b${this.booking + 1})`;
  protected async act(run: MoneyRun): Promise<void> {
    const booking = run.bookings[this.booking] as RunBooking;
    const host = run.world.host.client;
    const what = this.toString();
    if (this.action === 'accept') {
      await host.from('bookings').update({ status: 'accepted' }).eq('id', booking.id);
    } else if (this.action === 'verify') await run.call(booking.guest.client, 'verify-booking-payment', { bookingId: booking.id }, what);
    else if (this.action === 'decline') await run.call(host, 'decline-booking', { bookingId: booking.id }, what);
    else if (this.action === 'cancel') await run.call(booking.guest.client, 'cancel-booking', { bookingId: booking.id }, what);
    else await run.call(host, 'end-booking-stay', { bookingId: booking.id }, what);
  }
}

/** Moves the scheduler's clock forward and runs the schedule at once (the stand-in's `clock advance`). */
export class AdvanceClock extends MoneyCommand {
  constructor(private readonly days: number | 'next due', deliver: boolean) {
    super(deliver);
  }
  check = () => true;
  describe = () => `advance clock ${this.days === 'next due' ? 'to the next due payment' : `${this.days}d`} and charge due payments`;
  protected async act(run: MoneyRun): Promise<void> {
    if (this.days === 'next due') await run.advanceToNextDue();
    else run.advance(this.days);
    run.journal.push(`  clock at ${run.clock.toISOString()}`);
    await run.chargeDue();
  }
}

/** "Pay now" for one of a booking's monthly payments (a Checkout page for it; 409 unless it failed). */
export class PayNow extends MoneyCommand {
  constructor(private readonly booking: number, private readonly sequence: number, deliver: boolean) {
    super(deliver);
  }
  check = (m: Readonly<MoneyModel>) => this.booking < m.bookings;
  describe = () => `pay now(b${this.booking + 1}, payment ${this.sequence})`;
  protected async act(run: MoneyRun): Promise<void> {
    const booking = run.bookings[this.booking] as RunBooking;
    const payment = (await run.payments(booking.id)).find((row) => row.sequence === this.sequence);
    if (!payment) return;
    const result = await run.call(booking.guest.client, 'pay-booking-payment', { paymentId: payment.id }, this.toString());
    if (result.status !== 200) return;
    const id = sessionIdOf(String(result.body.url));
    if (run.sessions.some((session) => session.id === id)) return;
    run.sessions.push({ label: `s${run.sessions.length + 1}`, id, booking, kind: 'pay-now' });
    run.journal.push(`  opened s${run.sessions.length}`);
  }
}

/**
 * The scheduler's retry of a failed payment running while the guest pays it through Pay now: the Pay now
 * session is paid and its webhook delivered as soon as the retry has claimed the payment.
 */
export class RetryRacingPayNow extends MoneyCommand {
  constructor(private readonly session: number) {
    super(true);
  }
  check = (m: Readonly<MoneyModel>) => this.session < m.sessions;
  describe = () => `scheduled retry racing pay(s${this.session + 1}, card 4242)`;
  protected async act(run: MoneyRun): Promise<void> {
    const session = run.sessions[this.session] as RunSession;
    if (session.kind !== 'pay-now') return;
    const failed = (await run.payments(session.booking.id)).find((row) => row.status === 'failed' && row.next_attempt_at !== null);
    if (!failed) return;
    const retryAt = new Date(Math.max(run.clock.getTime(), Date.parse(failed.next_attempt_at as string) + 1000));
    run.clock = retryAt;
    const retry = run.chargeDue(retryAt);
    // Wait for the claim (the row turns 'processing'), then pay and deliver while the charge is under way.
    const deadline = Date.now() + 5000;
    while (Date.now() < deadline && (await run.payments(session.booking.id)).find((row) => row.id === failed.id)?.status === 'failed') {
      await new Promise((resolve) => setImmediate(resolve));
    }
    await payWithCard(run.t, session.id, cards['4242']);
    await run.deliverAllPending();
    await retry;
  }
}

const deliverFlag = fc.oneof({ weight: 3, arbitrary: fc.constant(true) }, { weight: 1, arbitrary: fc.constant(false) });
const bookingIndex = fc.nat({ max: 1 });
const sessionIndex = fc.nat({ max: 3 });
const eventIndex = fc.nat({ max: 3 });

export const COMMAND_KINDS = ['request', 'checkout', 'pay', 'deliver', 'deliver-all', 'accept', 'booking-action', 'clock', 'pay-now', 'race', 'foreign-event'] as const;
export type CommandKind = (typeof COMMAND_KINDS)[number];

/** The commands, weighted so that sequences reach monthly charges, failures and Pay now in a few dozen steps. */
export function moneyCommands(without: readonly CommandKind[] = []): fc.Arbitrary<Command>[] {
  const kinds: [CommandKind, number, fc.Arbitrary<Command>][] = [
    ['request', 1, fc.tuple(fc.nat({ max: 1 }), fc.nat({ max: 1 }), fc.constantFrom<2 | 3>(2, 3), fc.integer({ min: 2, max: 20 })).map(([g, r, m, d]) => new RequestStay(g, r, m, d))],
    ['checkout', 3, fc.tuple(bookingIndex, fc.constantFrom<'full' | 'monthly'>('full', 'monthly'), deliverFlag).map(([b, plan, d]) => new Checkout(b, plan, d))],
    ['pay', 3, fc.tuple(sessionIndex, fc.constantFrom<CardName>('4242', '4242', '0341', '3184'), deliverFlag).map(([s, card, d]) => new PaySession(s, card, d))],
    ['deliver', 2, fc.tuple(eventIndex, fc.boolean()).map(([e, again]) => new DeliverEvent(e, again))],
    ['deliver-all', 1, fc.constant(null).map(() => new DeliverAll())],
    ['accept', 3, fc.tuple(bookingIndex, deliverFlag).map(([b, d]) => new BookingAction('accept', b, d))],
    ['booking-action', 2, fc.tuple(fc.constantFrom('verify', 'decline', 'cancel', 'end-stay') as fc.Arbitrary<'verify' | 'decline' | 'cancel' | 'end-stay'>, bookingIndex, deliverFlag).map(([a, b, d]) => new BookingAction(a, b, d))],
    ['clock', 3, fc.tuple(fc.constantFrom<number | 'next due'>(1, 3, 7, 'next due', 'next due'), deliverFlag).map(([days, d]) => new AdvanceClock(days, d))],
    ['pay-now', 2, fc.tuple(bookingIndex, fc.constantFrom(2, 3), deliverFlag).map(([b, seq, d]) => new PayNow(b, seq, d))],
    ['race', 1, sessionIndex.map((s) => new RetryRacingPayNow(s))],
    ['foreign-event', 1, fc.tuple(fc.constantFrom('payment_intent.succeeded', 'payment_intent.payment_failed', 'refund.created') as fc.Arbitrary<'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'refund.created'>, fc.option(bookingIndex, { nil: null })).map(([type, b]) => new ForeignEvent(type, b))],
  ];
  // fc.commands picks uniformly among its arbitraries: a weight is that many copies.
  return kinds.filter(([kind]) => !without.includes(kind)).flatMap(([, weight, arbitrary]) => Array.from({ length: weight }, () => arbitrary));
}

/** The property: any sequence of commands keeps the money rules after every step and once every event is delivered. */
export function moneyProperty(world: Parameters<typeof MoneyRun.start>[0], options: { maxCommands: number; without?: readonly CommandKind[] }) {
  return fc.asyncProperty(fc.commands(moneyCommands(options.without), { maxCommands: options.maxCommands, size: 'medium' }), async (commands) => {
    const run = await MoneyRun.start(world);
    try {
      await fc.asyncModelRun(() => ({ model: { bookings: run.bookings.length, sessions: 0, pending: 0, delivered: 0 }, real: run }), commands);
      // Quiescence: every event Stripe has sent arrives, and then every booking balances.
      await run.deliverAllPending();
      const violations = await moneyViolations(run);
      if (violations.length > 0) throw new Error(`money rules broken once every event was delivered:\n  ${violations.join('\n  ')}\nwhat happened:\n  ${run.journal.join('\n  ')}`);
    } finally {
      await run.retire();
    }
  });
}
