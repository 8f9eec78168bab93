// The world the money model plays in (docs/money-rules.md): one stand-in per engine whose Stripe double
// sends its webhooks to a sink that only says 200, so the test itself decides when each Stripe event reaches
// stripe-webhook (in order, out of order, again). Each sequence gets its own MoneyRun: a fresh listing,
// fresh guests and its own scheduler clock, so hundreds of sequences share one database.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { addDaysToDate, checkoutDate, toDateOnly } from '../../../src/domain/stay-dates.ts';
import { stripeDoubleConfig } from '../../../supabase/local/src/stripe/stripe-config.ts';
import { signatureHeader } from '../../../supabase/local/src/stripe/webhook-sender.ts';
import { startTestServer, type TestEngine, type TestServer, type TestUser } from '../local/support/start.ts';
import { connectHost, createListing, invoke, signUpAs, type Invocation, type Listing } from './payments-support.ts';

export interface MoneyWorld {
  t: TestServer;
  host: TestUser;
  hostAccount: string;
  webhookSecret: string;
  /** `_stripe.objects.seq` of the last event handed to a run */
  eventCursor: number;
  /**
   * What the sequences reached so far (a booking paid, a monthly charge, a refund…): the test asserts the
   * deep paths were taken, so a model that only ever met refusals cannot pass.
   */
  reached: Map<string, number>;
  close(): Promise<void>;
}

/** An event as the double stored it, and the run's handle on it (`e3`). */
export interface StripeEventRecord {
  seq: number;
  label: string;
  id: string;
  type: string;
  bookingId: string | null;
  payload: string;
}

/** A sink for the double's own deliveries: the test delivers events itself, when the sequence says so. */
async function startWebhookSink(): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume();
    req.on('end', () => res.writeHead(200, { 'content-type': 'application/json' }).end('{"received":true}'));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/sink`, server };
}

export async function startMoneyWorld(engine: TestEngine): Promise<MoneyWorld> {
  const sink = await startWebhookSink();
  // STRIPE_WEBHOOK_URL is read into the stand-in's environment at start (supabase/local/src/stripe/stripe-config.ts).
  const before = process.env.STRIPE_WEBHOOK_URL;
  process.env.STRIPE_WEBHOOK_URL = sink.url;
  let t: TestServer;
  try {
    t = await startTestServer({ engine });
  } finally {
    if (before === undefined) delete process.env.STRIPE_WEBHOOK_URL;
    else process.env.STRIPE_WEBHOOK_URL = before;
  }
  const host = await signUpAs(t, 'host', 'Mia Model');
  const hostAccount = await connectHost(t, host);
  const world: MoneyWorld = {
    t,
    host,
    hostAccount,
    webhookSecret: stripeDoubleConfig(t.server.ctx).webhookSecret,
    eventCursor: 0,
    reached: new Map(),
    async close() {
      await t.close();
      await new Promise<void>((resolve) => sink.server.close(() => resolve()));
    },
  };
  world.eventCursor = await lastEventSeq(world);
  return world;
}

async function lastEventSeq(world: MoneyWorld): Promise<number> {
  await fetch(`${world.t.url}/stripe/test/state`).then((response) => response.text()); // creates the double's schema
  const { rows } = await world.t.server.ctx.db.query<{ seq: string | null }>(`select max(seq)::text as seq from _stripe.objects where object = 'event'`);
  return Number(rows[0]?.seq ?? 0);
}

export interface RunBooking {
  label: string;
  id: string;
  guest: TestUser;
}

export interface RunSession {
  label: string;
  id: string;
  booking: RunBooking;
  kind: 'checkout' | 'pay-now';
}

const day = 24 * 60 * 60 * 1000;

/** One sequence of commands: its users, bookings, open sessions, the events not yet delivered, its clock. */
export class MoneyRun {
  readonly bookings: RunBooking[] = [];
  readonly sessions: RunSession[] = [];
  readonly pending: StripeEventRecord[] = [];
  readonly delivered: StripeEventRecord[] = [];
  /** Every answer of a function or of stripe-webhook that was a 5xx (rule R5 of docs/money-rules.md). */
  readonly serverErrors: string[] = [];
  /** What each command did, resolved (which session, which event, what the server answered): the reproduction. */
  readonly journal: string[] = [];
  /** The scheduler's clock for this run (charge-due-payments gets it as `now`, as from the stand-in's clock). */
  clock = new Date();
  private eventCount = 0;

  private constructor(
    readonly world: MoneyWorld,
    readonly guests: TestUser[],
    readonly listing: Listing,
  ) {}

  static async start(world: MoneyWorld): Promise<MoneyRun> {
    // Real sign-ups: the functions ask Auth about the session (getUser), which a minted token does not have.
    const guests = await Promise.all(['Gina Model', 'Gus Model'].map((name) => signUpAs(world.t, 'guest', name)));
    const listing = await createListing(world.host, 2, 350);
    // Events of earlier runs (a late expiry) are not this run's to deliver.
    world.eventCursor = await lastEventSeq(world);
    const run = new MoneyRun(world, guests, listing);
    // Every sequence starts with b1 requested (guest 0, room 0, 3 months from day +5), so its commands act on it.
    await run.request(0, 0, 3, 5);
    return run;
  }

  /** The guest's booking card insert (docs/product.md §7): a request, priced by the server. Null when refused. */
  async request(guestIndex: number, roomIndex: number, months: number, daysAhead: number): Promise<RunBooking | null> {
    const guest = this.guests[guestIndex] as TestUser;
    const checkIn = addDaysToDate(toDateOnly(new Date()), daysAhead);
    const { data, error, status } = await guest.client
      .from('bookings')
      .insert({ user_id: guest.id, property_id: this.listing.propertyId, room_id: this.listing.roomIds[roomIndex], check_in: checkIn, check_out: checkoutDate(checkIn, months), total_price: 1, status: 'pending_payment', guest_email: guest.email })
      .select('id')
      .single();
    // A refusal (say the cap of unpaid requests a day) is an answer like any other; a 5xx is not.
    if (status >= 500) this.serverErrors.push(`request by guest ${guestIndex}: the insert answered ${status} ${error?.message ?? ''}`);
    if (error || !data) {
      this.journal.push(`  request refused ${status} ${error?.code ?? ''}`);
      return null;
    }
    const booking: RunBooking = { label: `b${this.bookings.length + 1}`, id: data.id as string, guest };
    this.bookings.push(booking);
    this.journal.push(`  created ${booking.label} (guest ${guestIndex}, room ${roomIndex}, ${months} months from day +${daysAhead})`);
    return booking;
  }

  get t(): TestServer {
    return this.world.t;
  }

  /** A function call; a 5xx is recorded as a violation (bad input gets a 4xx, never a 5xx). */
  async call(client: TestUser['client'], name: string, body: unknown, what: string): Promise<Invocation> {
    const result = await invoke(client, name, body);
    this.journal.push(`  ${name} → ${result.status}${result.status === 200 ? '' : ` ${String(result.body.code ?? '')}`}`);
    if (result.status >= 500) this.serverErrors.push(`${what}: ${name} answered ${result.status} ${JSON.stringify(result.body)}`);
    return result;
  }

  /** Picks up the events the double recorded since the last look (in the order Stripe created them). */
  async collectEvents(): Promise<StripeEventRecord[]> {
    const { rows } = await this.t.server.ctx.db.query<{ seq: string; data: unknown }>(
      `select seq::text, data from _stripe.objects where object = 'event' and seq > $1 order by seq`,
      [this.world.eventCursor],
    );
    const fresh: StripeEventRecord[] = [];
    for (const row of rows) {
      const event = (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as { id: string; type: string; data: { object: { metadata?: Record<string, string> } } };
      this.world.eventCursor = Math.max(this.world.eventCursor, Number(row.seq));
      this.eventCount += 1;
      fresh.push({
        seq: Number(row.seq),
        label: `e${this.eventCount}`,
        id: event.id,
        type: event.type,
        bookingId: event.data.object.metadata?.booking_id ?? null,
        // What the double's WebhookSender posts (supabase/local/src/stripe/webhook-sender.ts).
        payload: JSON.stringify(event, null, 2),
      });
    }
    this.pending.push(...fresh);
    return fresh;
  }

  /** POSTs one event to stripe-webhook, signed as Stripe signs it; answers other than 2xx are violations. */
  async deliver(event: StripeEventRecord): Promise<number> {
    const response = await fetch(`${this.t.url}/functions/v1/stripe-webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signatureHeader(this.world.webhookSecret, event.payload) },
      body: event.payload,
    });
    const text = await response.text();
    this.journal.push(`  ${event.label} ${event.type}${event.bookingId ? ` of ${this.bookings.find((b) => b.id === event.bookingId)?.label ?? 'another run'}` : ''} → stripe-webhook ${response.status}`);
    if (!response.ok) this.serverErrors.push(`stripe-webhook answered ${response.status} to ${event.label} ${event.type}: ${text.slice(0, 200)}`);
    const index = this.pending.indexOf(event);
    if (index >= 0) this.pending.splice(index, 1);
    if (!this.delivered.includes(event)) this.delivered.push(event);
    return response.status;
  }

  async deliverAllPending(): Promise<void> {
    await this.collectEvents();
    while (this.pending.length > 0) await this.deliver(this.pending[0] as StripeEventRecord);
  }

  /** A signed event from Stripe about a payment intent its API does not show this key (another account's). */
  async deliverForeignEvent(type: 'payment_intent.succeeded' | 'payment_intent.payment_failed' | 'refund.created', bookingPaymentId: string | null): Promise<void> {
    const tag = Math.random().toString(36).slice(2, 14);
    const intentId = `pi_foreign${tag}`;
    const metadata = { kind: 'monthly_payment', booking_payment_id: bookingPaymentId ?? crypto.randomUUID() };
    const object = type === 'refund.created'
      ? { id: `re_foreign${tag}`, object: 'refund', amount: 100, payment_intent: intentId, status: 'succeeded', metadata: {} }
      : { id: intentId, object: 'payment_intent', amount: 100, status: type === 'payment_intent.succeeded' ? 'succeeded' : 'requires_payment_method', metadata };
    const event = { id: `evt_foreign${tag}`, object: 'event', account: 'acct_foreign', api_version: '2025-01-27.acacia', created: Math.floor(Date.now() / 1000), data: { object }, livemode: false, pending_webhooks: 1, request: { id: null, idempotency_key: null }, type };
    this.eventCount += 1;
    await this.deliver({ seq: 0, label: `e${this.eventCount}`, id: event.id, type, bookingId: null, payload: JSON.stringify(event, null, 2) });
  }

  async payments(bookingId: string): Promise<{ id: string; sequence: number; status: string; next_attempt_at: string | null }[]> {
    const { rows } = await this.t.server.ctx.db.query<{ id: string; sequence: number; status: string; next_attempt_at: string | null }>(
      `select id::text, sequence, status, next_attempt_at::text from public.booking_payments where booking_id = $1 order by sequence`,
      [bookingId],
    );
    return rows;
  }

  /** The scheduler's call at this run's clock (what the stand-in's clock advance does). */
  chargeDue(at: Date = this.clock): Promise<Invocation> {
    return this.call(this.t.service(), 'charge-due-payments', { now: at.toISOString() }, `charge-due-payments at ${at.toISOString()}`);
  }

  /** To noon (UTC) of the earliest date a scheduled payment of this run is due, or its retry time; never back. */
  async advanceToNextDue(): Promise<void> {
    const { rows } = await this.t.server.ctx.db.query<{ at: string | null }>(
      `select min(case when status = 'scheduled' then (due_date::text || 'T12:00:00Z')::timestamptz else next_attempt_at + interval '1 second' end)::text as at
       from public.booking_payments where booking_id = any($1::uuid[]) and (status = 'scheduled' or (status = 'failed' and next_attempt_at is not null))
         and coalesce(next_attempt_at, (due_date::text || 'T12:00:00Z')::timestamptz) > $2`,
      [this.bookings.map((booking) => booking.id), this.clock.toISOString()],
    );
    const at = rows[0]?.at ? Date.parse(rows[0].at) : Number.NaN;
    if (Number.isFinite(at) && at > this.clock.getTime()) this.clock = new Date(at);
  }

  advance(days: number): void {
    this.clock = new Date(this.clock.getTime() + days * day);
  }

  /** Counts what this run's bookings reached, from the database and the double. */
  private async noteMilestones(): Promise<void> {
    const ids = this.bookings.map((booking) => booking.id);
    const { rows } = await this.t.server.ctx.db.query<{ milestone: string }>(
      `select distinct 'booking ' || status || ' (' || payment_plan || ')' as milestone from public.bookings where id = any($1::uuid[])
       union select distinct 'monthly payment ' || status from public.booking_payments where booking_id = any($1::uuid[]) and sequence > 1
       union select distinct 'stripe ' || object from _stripe.objects where object in ('charge', 'refund') and data->'metadata'->>'booking_id' = any($1::text[])
       union select 'off-session charge' from _stripe.objects where object = 'charge' and data->'metadata'->>'kind' = 'monthly_payment' and data->'metadata'->>'booking_id' = any($1::text[])`,
      [ids],
    );
    for (const { milestone } of rows) this.world.reached.set(milestone, (this.world.reached.get(milestone) ?? 0) + 1);
    for (const session of this.sessions) if (session.kind === 'pay-now') this.world.reached.set('pay-now session', (this.world.reached.get('pay-now session') ?? 0) + 1);
  }

  /**
   * Ends the run: its bookings are soft-deleted, so later runs' scheduler calls (whose clocks start at real
   * time again) do not charge them.
   */
  async retire(): Promise<void> {
    if (this.bookings.length === 0) return;
    await this.noteMilestones();
    await this.t.server.ctx.db.query(`update public.bookings set deleted_at = now() where id = any($1::uuid[])`, [this.bookings.map((booking) => booking.id)]);
  }
}
