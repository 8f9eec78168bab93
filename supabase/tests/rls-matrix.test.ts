// Row-level security matrix: every public table x role x operation with an explicit allow/deny.
// Each cell runs in a transaction that is rolled back, against one fixture:
//   hostOwner  hosts property P (rooms R1, R2) and a spare property P2 without rooms or bookings
//   guestOwner has an accepted, current booking B at P/R1 and a completed past booking B0 at P/R2
//   otherGuest and otherHost (with property Q) share nothing with them; newcomer signed up without
//   profile or role yet (the "own row" for profile and role inserts)
// A cell is "allow" when the statement succeeds and has its effect (row returned, row inserted,
// row changed, row deleted or tombstoned), "deny" when it errors or touches nothing.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Queryable } from '../local/src/db/database.ts';
import { createBooking, createProperty, createRoom, createUser } from './support/fixtures.ts';
import type { Actor, TestDatabase } from './support/test-database.ts';
import { anon, attempt, engines, inRolledBackRequest, openMigratedDatabase, service, user } from './support/test-database.ts';

type Role = 'anon' | 'guestOwner' | 'otherGuest' | 'hostOwner' | 'otherHost' | 'service';
type Operation = 'select' | 'insert' | 'update' | 'delete';
type Cells = Record<Role, boolean>;

const roles: Role[] = ['anon', 'guestOwner', 'otherGuest', 'hostOwner', 'otherHost', 'service'];
const operations: Operation[] = ['select', 'insert', 'update', 'delete'];

const cells = (allowed: Role[]): Cells =>
  Object.fromEntries(roles.map((role) => [role, allowed.includes(role)])) as Cells;
const everyone = cells(roles);
// A subscription's keys: an uncompressed P-256 point (65 bytes) and a 16-byte secret, base64url.
const p256dh = Buffer.concat([Buffer.from([4]), Buffer.alloc(64, 7)]).toString('base64url');
const authSecret = Buffer.alloc(16, 9).toString('base64url');
const serviceOnly = cells(['service']);

interface Fixture {
  guestOwner: string;
  otherGuest: string;
  hostOwner: string;
  otherHost: string;
  newcomer: string;
  property: string;
  spareProperty: string;
  otherProperty: string;
  room1: string;
  room2: string;
  spareRoom: string;
  booking: string;
  pastBooking: string;
  cancelledBooking: string;
  hostReview: string;
  propertyReview: string;
  message: string;
  checkout: string;
  refund: string;
  webhookEvent: string;
  payment: string;
  pushSubscription: string;
  pushOutbox: string;
}

interface TableSpec {
  /** expected allow/deny per operation and role */
  expect: Record<Operation, Cells>;
  /** statement returning the target row when the actor can see it */
  select: (f: Fixture) => string;
  /** insert of a fresh row owned by the table's owner; $1 is a new uuid where the table has an id */
  insert: (f: Fixture) => string;
  /** owner-side check that the inserted row exists */
  inserted: (f: Fixture) => string;
  /** update of the target row that its owner may do, `returning 1` */
  update: (f: Fixture) => string;
  /** delete of the delete target, then the owner-side check that it is gone or tombstoned */
  delete: (f: Fixture) => string;
  deleted: (f: Fixture) => string;
  /** owner SQL run first in the insert cell (e.g. removing a unique row the owner will re-create) */
  prepareInsert?: (f: Fixture) => string;
  /** who acts as "guestOwner" in the insert cell, if not the fixture's guest owner */
  insertGuestOwner?: (f: Fixture) => string;
}

const tables: Record<string, TableSpec> = {
  profiles: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      update: cells(['guestOwner', 'service']),
      // Profiles are referenced by bookings and messages: nobody removes them through the API, and
      // even the service role is stopped by the foreign keys.
      delete: cells([]),
    },
    select: (f) => `select id from public.profiles where id = '${f.guestOwner}'`,
    insertGuestOwner: (f) => f.newcomer,
    insert: (f) => `insert into public.profiles (id, name) values ('${f.newcomer}', 'New Person')`,
    inserted: (f) => `select 1 from public.profiles where id = '${f.newcomer}'`,
    update: (f) => `update public.profiles set bio = 'Updated bio' where id = '${f.guestOwner}' returning 1`,
    delete: (f) => `delete from public.profiles where id = '${f.guestOwner}'`,
    deleted: (f) => `select 1 from public.profiles where id = '${f.guestOwner}' and deleted_at is null`,
  },
  user_roles: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      update: cells(['guestOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select user_id from public.user_roles where user_id = '${f.guestOwner}'`,
    insertGuestOwner: (f) => f.newcomer,
    insert: (f) => `insert into public.user_roles (user_id, role) values ('${f.newcomer}', 'guest')`,
    inserted: (f) => `select 1 from public.user_roles where user_id = '${f.newcomer}'`,
    update: (f) => `update public.user_roles set role = 'guest' where user_id = '${f.guestOwner}' returning 1`,
    delete: (f) => `delete from public.user_roles where user_id = '${f.guestOwner}'`,
    deleted: (f) => `select 1 from public.user_roles where user_id = '${f.guestOwner}'`,
  },
  properties: {
    expect: {
      select: everyone,
      insert: cells(['hostOwner', 'service']),
      update: cells(['hostOwner', 'service']),
      delete: cells(['hostOwner', 'service']),
    },
    select: (f) => `select id from public.properties where id = '${f.property}'`,
    insert: (f) => `insert into public.properties (id, host_id, name, city, country) values ($1, '${f.hostOwner}', 'New Villa', 'Ubud', 'Indonesia')`,
    inserted: () => `select 1 from public.properties where id = $1`,
    update: (f) => `update public.properties set description = 'Fresh paint' where id = '${f.property}' returning 1`,
    delete: (f) => `delete from public.properties where id = '${f.spareProperty}'`,
    deleted: (f) => `select 1 from public.properties where id = '${f.spareProperty}' and deleted_at is null`,
  },
  rooms: {
    expect: {
      select: everyone,
      insert: cells(['hostOwner', 'service']),
      update: cells(['hostOwner', 'service']),
      delete: cells(['hostOwner', 'service']),
    },
    select: (f) => `select id from public.rooms where id = '${f.room1}'`,
    insert: (f) => `insert into public.rooms (id, property_id, name, price_per_week) values ($1, '${f.property}', 'New Room', 150)`,
    inserted: () => `select 1 from public.rooms where id = $1`,
    update: (f) => `update public.rooms set is_available = false where id = '${f.room1}' returning 1`,
    delete: (f) => `delete from public.rooms where id = '${f.spareRoom}'`,
    deleted: (f) => `select 1 from public.rooms where id = '${f.spareRoom}' and deleted_at is null`,
  },
  bookings: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      // A same-status update passes the status machine: this cell is about who reaches the row.
      update: cells(['guestOwner', 'hostOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select id from public.bookings where id = '${f.booking}'`,
    insert: (f) => `insert into public.bookings (id, user_id, property_id, room_id, check_in, check_out, total_price, status)
      values ($1, '${f.guestOwner}', '${f.property}', '${f.room2}', current_date + 200, current_date + 260, 900, 'pending_payment')`,
    inserted: () => `select 1 from public.bookings where id = $1`,
    update: (f) => `update public.bookings set status = status where id = '${f.booking}' returning 1`,
    delete: (f) => `delete from public.bookings where id = '${f.cancelledBooking}'`,
    deleted: (f) => `select 1 from public.bookings where id = '${f.cancelledBooking}'`,
  },
  booked_dates: {
    expect: { select: everyone, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select id from public.booked_dates where booking_id = '${f.booking}'`,
    insert: (f) => `insert into public.booked_dates (id, booking_id, property_id, room_id, start_date, end_date, status)
      values ($1, '${f.cancelledBooking}', '${f.property}', '${f.room2}', current_date + 300, current_date + 340, 'paid')`,
    inserted: () => `select 1 from public.booked_dates where id = $1`,
    update: (f) => `update public.booked_dates set end_date = end_date + 1 where booking_id = '${f.booking}' returning 1`,
    delete: (f) => `delete from public.booked_dates where booking_id = '${f.booking}'`,
    deleted: (f) => `select 1 from public.booked_dates where booking_id = '${f.booking}'`,
  },
  reviews: {
    expect: {
      select: everyone,
      // The guest of the completed booking reviews the host.
      insert: cells(['guestOwner', 'service']),
      // The target review is the host's review of the guest: only its author edits it.
      update: cells(['hostOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select id from public.reviews where id = '${f.hostReview}'`,
    insert: (f) => `insert into public.reviews (id, booking_id, reviewer_id, reviewee_id, rating, text, review_type)
      values ($1, '${f.pastBooking}', '${f.guestOwner}', '${f.hostOwner}', 5, 'Great host', 'guest_to_host')`,
    inserted: () => `select 1 from public.reviews where id = $1`,
    update: (f) => `update public.reviews set rating = 4 where id = '${f.hostReview}' returning 1`,
    delete: (f) => `delete from public.reviews where id = '${f.hostReview}'`,
    deleted: (f) => `select 1 from public.reviews where id = '${f.hostReview}'`,
  },
  property_reviews: {
    expect: {
      // The target review is not public: its author and the property's host see it.
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      update: cells(['guestOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select id from public.property_reviews where id = '${f.propertyReview}'`,
    prepareInsert: (f) => `delete from public.property_reviews where id = '${f.propertyReview}'`,
    insert: (f) => `insert into public.property_reviews (id, property_id, room_id, user_id, rating, review_text)
      values ($1, '${f.property}', '${f.room2}', '${f.guestOwner}', 5, 'Lovely')`,
    inserted: () => `select 1 from public.property_reviews where id = $1`,
    update: (f) => `update public.property_reviews set rating = 3 where id = '${f.propertyReview}' returning 1`,
    delete: (f) => `delete from public.property_reviews where id = '${f.propertyReview}'`,
    deleted: (f) => `select 1 from public.property_reviews where id = '${f.propertyReview}'`,
  },
  messages: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      // Sender and receiver both reach the row (receiver marks read, sender withdraws).
      update: cells(['guestOwner', 'hostOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select id from public.messages where id = '${f.message}'`,
    insert: (f) => `insert into public.messages (id, sender_id, receiver_id, conversation_type, text)
      values ($1, '${f.guestOwner}', '${f.hostOwner}', 'host_guest', 'Hello again')`,
    inserted: () => `select 1 from public.messages where id = $1`,
    update: (f) => `update public.messages set read_at = read_at where id = '${f.message}' returning 1`,
    delete: (f) => `delete from public.messages where id = '${f.message}'`,
    deleted: (f) => `select 1 from public.messages where id = '${f.message}'`,
  },
  house_chat_reads: {
    expect: {
      select: cells(['guestOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      update: cells(['guestOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select user_id from public.house_chat_reads where property_id = '${f.property}' and user_id = '${f.guestOwner}'`,
    prepareInsert: (f) => `delete from public.house_chat_reads where property_id = '${f.property}' and user_id = '${f.guestOwner}'`,
    insert: (f) => `insert into public.house_chat_reads (property_id, user_id) values ('${f.property}', '${f.guestOwner}')`,
    inserted: (f) => `select 1 from public.house_chat_reads where property_id = '${f.property}' and user_id = '${f.guestOwner}'`,
    update: (f) => `update public.house_chat_reads set last_read_at = now() where property_id = '${f.property}' and user_id = '${f.guestOwner}' returning 1`,
    delete: (f) => `delete from public.house_chat_reads where property_id = '${f.property}' and user_id = '${f.guestOwner}'`,
    deleted: (f) => `select 1 from public.house_chat_reads where property_id = '${f.property}' and user_id = '${f.guestOwner}'`,
  },
  // Payment bookkeeping of the server functions (migration ..._payments.sql): service role only,
  // except that both parties may read why their booking was refunded.
  booking_checkouts: {
    expect: { select: serviceOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select id from public.booking_checkouts where id = '${f.checkout}'`,
    insert: (f) => `insert into public.booking_checkouts (id, booking_id, attempt, idempotency_key, amount_cents, product_name,
      product_description, success_url, cancel_url, expires_at)
      values ($1::uuid, '${f.booking}', 2, 'checkout-matrix-' || $1::uuid::text, 5000, 'Stay', 'Room', 'https://example.test/ok', 'https://example.test/no', now() + interval '1 hour')`,
    inserted: () => `select 1 from public.booking_checkouts where id = $1`,
    update: (f) => `update public.booking_checkouts set product_name = 'Stay again' where id = '${f.checkout}' returning 1`,
    delete: (f) => `delete from public.booking_checkouts where id = '${f.checkout}'`,
    deleted: (f) => `select 1 from public.booking_checkouts where id = '${f.checkout}'`,
  },
  booking_refunds: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: serviceOnly,
      update: serviceOnly,
      delete: serviceOnly,
    },
    select: (f) => `select id from public.booking_refunds where id = '${f.refund}'`,
    insert: (f) => `insert into public.booking_refunds (id, booking_id, stripe_payment_intent_id, reason)
      values ($1::uuid, '${f.booking}', 'pi_matrix_' || $1::uuid::text, 'declined')`,
    inserted: () => `select 1 from public.booking_refunds where id = $1`,
    update: (f) => `update public.booking_refunds set status = 'succeeded' where id = '${f.refund}' returning 1`,
    delete: (f) => `delete from public.booking_refunds where id = '${f.refund}'`,
    deleted: (f) => `select 1 from public.booking_refunds where id = '${f.refund}'`,
  },
  // Monthly payments (migration ..._monthly_payments.sql): both parties of the booking read them (the
  // guest's dashboard and the host's), only the service role (charge-due-payments) writes.
  booking_payments: {
    expect: {
      select: cells(['guestOwner', 'hostOwner', 'service']),
      insert: serviceOnly,
      update: serviceOnly,
      delete: serviceOnly,
    },
    select: (f) => `select id from public.booking_payments where id = '${f.payment}'`,
    insert: (f) => `insert into public.booking_payments (id, booking_id, sequence, amount_cents, platform_fee_cents, due_date)
      values ($1::uuid, '${f.booking}', 3, 5000, 500, current_date + 60)`,
    inserted: () => `select 1 from public.booking_payments where id = $1`,
    update: (f) => `update public.booking_payments set status = 'paid', stripe_payment_intent_id = 'pi_matrix_paid' where id = '${f.payment}' returning 1`,
    delete: (f) => `delete from public.booking_payments where id = '${f.payment}'`,
    deleted: (f) => `select 1 from public.booking_payments where id = '${f.payment}'`,
  },
  stripe_customers: {
    expect: { select: serviceOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select user_id from public.stripe_customers where user_id = '${f.guestOwner}'`,
    insertGuestOwner: (f) => f.newcomer,
    insert: (f) => `insert into public.stripe_customers (user_id, stripe_customer_id) values ('${f.newcomer}', 'cus_matrix_new')`,
    inserted: (f) => `select 1 from public.stripe_customers where user_id = '${f.newcomer}'`,
    update: (f) => `update public.stripe_customers set stripe_customer_id = 'cus_matrix_changed' where user_id = '${f.guestOwner}' returning 1`,
    delete: (f) => `delete from public.stripe_customers where user_id = '${f.guestOwner}'`,
    deleted: (f) => `select 1 from public.stripe_customers where user_id = '${f.guestOwner}'`,
  },
  stripe_webhook_events: {
    expect: { select: serviceOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select id from public.stripe_webhook_events where id = '${f.webhookEvent}'`,
    insert: () => `insert into public.stripe_webhook_events (id, type) values ('evt_' || $1::text, 'checkout.session.completed')`,
    inserted: () => `select 1 from public.stripe_webhook_events where id = 'evt_' || $1::text`,
    update: (f) => `update public.stripe_webhook_events set processed_at = now() where id = '${f.webhookEvent}' returning 1`,
    delete: (f) => `delete from public.stripe_webhook_events where id = '${f.webhookEvent}'`,
    deleted: (f) => `select 1 from public.stripe_webhook_events where id = '${f.webhookEvent}'`,
  },
  booking_emails: {
    expect: { select: serviceOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select booking_id from public.booking_emails where booking_id = '${f.booking}' and status = 'paid'`,
    insert: (f) => `insert into public.booking_emails (booking_id, status) values ('${f.booking}', 'accepted')`,
    inserted: (f) => `select 1 from public.booking_emails where booking_id = '${f.booking}' and status = 'accepted'`,
    update: (f) => `update public.booking_emails set sent_at = now() where booking_id = '${f.booking}' and status = 'paid' returning 1`,
    delete: (f) => `delete from public.booking_emails where booking_id = '${f.booking}' and status = 'paid'`,
    deleted: (f) => `select 1 from public.booking_emails where booking_id = '${f.booking}' and status = 'paid'`,
  },
  // Push notifications (migration ..._push_notifications.sql): a user reads and deletes their own
  // subscriptions; only register_push_subscription (security definer) writes them.
  push_subscriptions: {
    expect: {
      select: cells(['guestOwner', 'service']),
      insert: serviceOnly,
      update: serviceOnly,
      delete: cells(['guestOwner', 'service']),
    },
    select: (f) => `select id from public.push_subscriptions where id = '${f.pushSubscription}'`,
    insert: (f) => `insert into public.push_subscriptions (id, user_id, endpoint, p256dh, auth)
      values ($1::uuid, '${f.guestOwner}', 'https://fcm.googleapis.com/fcm/send/' || $1::uuid::text, '${p256dh}', '${authSecret}')`,
    inserted: () => `select 1 from public.push_subscriptions where id = $1`,
    update: (f) => `update public.push_subscriptions set user_agent = 'Changed' where id = '${f.pushSubscription}' returning 1`,
    delete: (f) => `delete from public.push_subscriptions where id = '${f.pushSubscription}'`,
    deleted: (f) => `select 1 from public.push_subscriptions where id = '${f.pushSubscription}'`,
  },
  notification_preferences: {
    expect: {
      select: cells(['guestOwner', 'service']),
      insert: cells(['guestOwner', 'service']),
      update: cells(['guestOwner', 'service']),
      delete: serviceOnly,
    },
    select: (f) => `select user_id from public.notification_preferences where user_id = '${f.guestOwner}'`,
    prepareInsert: (f) => `delete from public.notification_preferences where user_id = '${f.guestOwner}'`,
    insert: (f) => `insert into public.notification_preferences (user_id, messages) values ('${f.guestOwner}', false)`,
    inserted: (f) => `select 1 from public.notification_preferences where user_id = '${f.guestOwner}'`,
    update: (f) => `update public.notification_preferences set house_chat = false where user_id = '${f.guestOwner}' returning 1`,
    delete: (f) => `delete from public.notification_preferences where user_id = '${f.guestOwner}'`,
    deleted: (f) => `select 1 from public.notification_preferences where user_id = '${f.guestOwner}'`,
  },
  push_outbox: {
    expect: { select: serviceOnly, insert: serviceOnly, update: serviceOnly, delete: serviceOnly },
    select: (f) => `select id from public.push_outbox where id = '${f.pushOutbox}'`,
    insert: (f) => `insert into public.push_outbox (id, recipient_id, kind, topic, payload)
      values ($1::uuid, '${f.guestOwner}', 'booking', 'matrixinsert', '{}')`,
    inserted: () => `select 1 from public.push_outbox where id = $1`,
    update: (f) => `update public.push_outbox set attempts = 1 where id = '${f.pushOutbox}' returning 1`,
    delete: (f) => `delete from public.push_outbox where id = '${f.pushOutbox}'`,
    deleted: (f) => `select 1 from public.push_outbox where id = '${f.pushOutbox}'`,
  },
};

async function buildFixture(tx: Queryable): Promise<Fixture> {
  const guestOwner = await createUser(tx, { role: 'guest', name: 'Gina Owner' });
  const otherGuest = await createUser(tx, { role: 'guest', name: 'Otto Other' });
  const hostOwner = await createUser(tx, { role: 'host', name: 'Hana Host' });
  const otherHost = await createUser(tx, { role: 'host', name: 'Omar Host' });
  const newcomer = await createUser(tx, { role: 'guest', name: 'Nora New' });
  await tx.query('delete from public.user_roles where user_id = $1', [newcomer]);
  await tx.query('delete from public.profiles where id = $1', [newcomer]);

  const property = await createProperty(tx, hostOwner, { name: 'Owner Villa' });
  const spareProperty = await createProperty(tx, hostOwner, { name: 'Spare Villa' });
  const otherProperty = await createProperty(tx, otherHost, { name: 'Other Villa' });
  await createRoom(tx, otherProperty);
  const room1 = await createRoom(tx, property);
  const room2 = await createRoom(tx, property);
  const spareRoom = await createRoom(tx, property);

  const booking = await createBooking(tx, { guestId: guestOwner, propertyId: property, roomId: room1, checkIn: -5, nights: 40, status: 'accepted' });
  const pastBooking = await createBooking(tx, { guestId: guestOwner, propertyId: property, roomId: room2, checkIn: -120, nights: 60, status: 'completed' });
  const cancelledBooking = await createBooking(tx, { guestId: guestOwner, propertyId: property, roomId: room2, checkIn: 100, nights: 30, status: 'cancelled' });

  const hostReview = (await tx.query<{ id: string }>(
    `insert into public.reviews (booking_id, reviewer_id, reviewee_id, rating, text, review_type)
     values ($1, $2, $3, 5, 'Lovely guest', 'host_to_guest') returning id`,
    [pastBooking, hostOwner, guestOwner],
  )).rows[0]!.id;
  const propertyReview = (await tx.query<{ id: string }>(
    `insert into public.property_reviews (property_id, room_id, user_id, rating, review_text, is_public)
     values ($1, $2, $3, 4, 'Private note', false) returning id`,
    [property, room2, guestOwner],
  )).rows[0]!.id;
  const message = (await tx.query<{ id: string }>(
    `insert into public.messages (sender_id, receiver_id, conversation_type, text) values ($1, $2, 'host_guest', 'Hi host') returning id`,
    [guestOwner, hostOwner],
  )).rows[0]!.id;
  await tx.query('insert into public.house_chat_reads (property_id, user_id) values ($1, $2)', [property, guestOwner]);
  const checkout = (await tx.query<{ id: string }>(
    `insert into public.booking_checkouts (booking_id, attempt, idempotency_key, amount_cents, product_name, product_description,
       success_url, cancel_url, expires_at)
     values ($1, 1, 'checkout-matrix-1', 5000, 'Stay', 'Room', 'https://example.test/ok', 'https://example.test/no', now() + interval '1 hour')
     returning id`,
    [booking],
  )).rows[0]!.id;
  const refund = (await tx.query<{ id: string }>(
    `insert into public.booking_refunds (booking_id, stripe_payment_intent_id, reason) values ($1, 'pi_matrix_fixture', 'declined') returning id`,
    [booking],
  )).rows[0]!.id;
  const webhookEvent = 'evt_matrix_fixture';
  await tx.query(`insert into public.stripe_webhook_events (id, type) values ($1, 'checkout.session.completed')`, [webhookEvent]);
  await tx.query(`insert into public.booking_emails (booking_id, status) values ($1, 'paid')`, [booking]);
  const payment = (await tx.query<{ id: string }>(
    `insert into public.booking_payments (booking_id, sequence, amount_cents, platform_fee_cents, due_date)
     values ($1, 2, 5000, 500, current_date + 30) returning id`,
    [booking],
  )).rows[0]!.id;
  await tx.query(`insert into public.stripe_customers (user_id, stripe_customer_id) values ($1, 'cus_matrix_fixture')`, [guestOwner]);
  const pushSubscription = (await tx.query<{ id: string }>(
    `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth) values ($1, 'https://fcm.googleapis.com/fcm/send/matrix', $2, $3) returning id`,
    [guestOwner, p256dh, authSecret],
  )).rows[0]!.id;
  await tx.query('insert into public.notification_preferences (user_id) values ($1)', [guestOwner]);
  const pushOutbox = (await tx.query<{ id: string }>(
    `insert into public.push_outbox (recipient_id, kind, topic, payload) values ($1, 'booking', 'matrixfixture', '{}') returning id`,
    [guestOwner],
  )).rows[0]!.id;

  return {
    guestOwner, otherGuest, hostOwner, otherHost, newcomer, property, spareProperty, otherProperty,
    room1, room2, spareRoom, booking, pastBooking, cancelledBooking, hostReview, propertyReview, message,
    checkout, refund, webhookEvent, payment, pushSubscription, pushOutbox,
  };
}

function actorFor(role: Role, f: Fixture, spec: TableSpec, operation: Operation): Actor {
  switch (role) {
    case 'anon':
      return anon;
    case 'service':
      return service;
    case 'guestOwner':
      return user(operation === 'insert' && spec.insertGuestOwner ? spec.insertGuestOwner(f) : f.guestOwner);
    case 'otherGuest':
      return user(f.otherGuest);
    case 'hostOwner':
      return user(f.hostOwner);
    case 'otherHost':
      return user(f.otherHost);
  }
}

async function runCell(handle: TestDatabase, f: Fixture, spec: TableSpec, operation: Operation, role: Role): Promise<boolean> {
  const actor = actorFor(role, f, spec, operation);
  const newId = randomUUID();
  switch (operation) {
    case 'select':
      return inRolledBackRequest(handle.db, actor, {
        fn: async (tx) => {
          const { rows, error } = await attempt(tx, spec.select(f));
          return error === null && rows.length === 1;
        },
      });
    case 'insert': {
      const sql = spec.insert(f);
      const params = sql.includes('$1') ? [newId] : [];
      return inRolledBackRequest(handle.db, actor, {
        prepare: spec.prepareInsert?.(f),
        fn: async (tx) => (await attempt(tx, sql, params)).error === null,
        verify: async (tx, ok) => {
          const check = spec.inserted(f);
          return ok && (await tx.query(check, check.includes('$1') ? [newId] : [])).rows.length === 1;
        },
      });
    }
    case 'update':
      return inRolledBackRequest(handle.db, actor, {
        fn: async (tx) => {
          const { rows, error } = await attempt(tx, spec.update(f));
          return error === null && rows.length === 1;
        },
      });
    case 'delete':
      return inRolledBackRequest(handle.db, actor, {
        fn: async (tx) => (await attempt(tx, spec.delete(f))).error === null,
        verify: async (tx, ok) => ok && (await tx.query(spec.deleted(f))).rows.length === 0,
      });
  }
}

describe.each(engines)('RLS matrix (%s)', (engine) => {
  let handle: TestDatabase;
  let fixture: Fixture;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    fixture = await handle.db.transaction(buildFixture);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('covers every table in the public schema', async () => {
    const { rows } = await handle.db.query<{ table_name: string }>(
      `select table_name from information_schema.tables
       where table_schema = 'public' and table_type = 'BASE TABLE' order by table_name`,
    );
    expect(rows.map((r) => r.table_name).sort()).toEqual(Object.keys(tables).sort());
  });

  it('has row-level security enabled on every public table', async () => {
    const { rows } = await handle.db.query<{ relname: string }>(
      `select c.relname from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and c.relkind = 'r' and not c.relrowsecurity`,
    );
    expect(rows).toEqual([]);
  });

  for (const [table, spec] of Object.entries(tables)) {
    for (const operation of operations) {
      it(`${table} ${operation}`, async () => {
        const actual: Partial<Cells> = {};
        for (const role of roles) actual[role] = await runCell(handle, fixture, spec, operation, role);
        expect(actual).toEqual(spec.expect[operation]);
      });
    }
  }
});
