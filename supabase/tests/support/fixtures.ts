// Builders for test data, written as the database owner (like the seed), so each test states only
// the rows it needs. Users come in through auth.users, so on_auth_user_created makes their profile.
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../local/src/db/database.ts';

export interface UserOptions {
  name?: string;
  role?: 'guest' | 'host';
  age?: number | null;
  showInWhosStaying?: boolean;
  isVisibleToGuests?: boolean;
  interests?: string[];
  profession?: string;
  workTimezone?: string;
}

export async function createUser(db: Queryable, opts: UserOptions = {}): Promise<string> {
  const id = randomUUID();
  const role = opts.role ?? 'guest';
  const name = opts.name ?? `${role} ${id.slice(0, 6)}`;
  await db.query(
    `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
     values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email"}', $3)`,
    [id, `${id}@test.nomadnest`, JSON.stringify({ full_name: name, role })],
  );
  await db.query(
    `update public.profiles set age = $2, show_in_whos_staying = $3, is_visible_to_guests = $4, interests = $5,
       profession = $6, work_timezone = $7, onboarding_complete = true
     where id = $1`,
    [
      id,
      opts.age === undefined ? 30 : opts.age,
      opts.showInWhosStaying ?? true,
      opts.isVisibleToGuests ?? true,
      opts.interests ?? ['Coffee'],
      opts.profession ?? 'Developer',
      opts.workTimezone ?? 'Europe/Paris',
    ],
  );
  return id;
}

export async function createProperty(db: Queryable, hostId: string, opts: { name?: string } = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.properties (host_id, name, city, country, price_per_week, wifi_speed_mbps)
     values ($1, $2, 'Lisbon', 'Portugal', 200, 100) returning id`,
    [hostId, opts.name ?? 'Test Villa'],
  );
  return rows[0]!.id;
}

export async function createRoom(db: Queryable, propertyId: string, opts: { isAvailable?: boolean } = {}): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.rooms (property_id, name, price_per_week, is_available) values ($1, 'Room', 200, $2) returning id`,
    [propertyId, opts.isAvailable ?? true],
  );
  return rows[0]!.id;
}

export interface BookingOptions {
  guestId: string;
  propertyId: string;
  roomId: string;
  /** days from today */
  checkIn: number;
  nights: number;
  status?: string;
  /** for pending_payment: hold expiry relative to now, e.g. '-1 minute' */
  heldFor?: string;
}

export async function createBooking(db: Queryable, opts: BookingOptions): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into public.bookings (user_id, property_id, room_id, check_in, check_out, total_price, status, held_until)
     values ($1, $2, $3, current_date + $4::int, current_date + $4::int + $5::int, 1000, $6,
             case when $7::text is null then null else now() + $7::interval end)
     returning id`,
    [opts.guestId, opts.propertyId, opts.roomId, opts.checkIn, opts.nights, opts.status ?? 'pending_payment', opts.heldFor ?? null],
  );
  return rows[0]!.id;
}

export async function setBookingStatus(db: Queryable, bookingId: string, status: string): Promise<void> {
  await db.query('update public.bookings set status = $2 where id = $1', [bookingId, status]);
}
