// Writes ../seed.sql from demo-data.ts plus the bookings, reviews and conversations below.
// Run: npx tsx supabase/seed/generate-seed-sql.ts
// Dates are relative to current_date / now() when the seed runs, so there are always current stays
// (Who's Staying and house chat are never empty) whatever day the database is created.
import { writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  demoPassword,
  photoPaths,
  properties,
  propertyByKey,
  propertyPhotoCount,
  publicPhotoUrl,
  userByKey,
  users,
} from './demo-data.ts';
import type { DemoProperty, DemoRoom } from './demo-data.ts';
import type { BookingStatus } from '../functions/_shared/domain/booking-status.ts';

interface DemoBooking {
  n: number;
  guest: string;
  property: string;
  /** 1-based room number */
  room: number;
  /** check-in, in days from the seed day */
  checkIn: number;
  nights: number;
  status: BookingStatus;
}

const bookings: DemoBooking[] = [
  // Ubud: three current stays and one starting within 14 days make Who's Staying and house chat lively.
  { n: 1, guest: 'leo', property: 'ubud', room: 2, checkIn: -20, nights: 90, status: 'accepted' },
  { n: 2, guest: 'ana', property: 'ubud', room: 1, checkIn: -10, nights: 61, status: 'accepted' },
  { n: 3, guest: 'sam', property: 'ubud', room: 3, checkIn: -5, nights: 60, status: 'accepted' },
  { n: 4, guest: 'priya', property: 'ubud', room: 4, checkIn: 7, nights: 60, status: 'accepted' },
  { n: 5, guest: 'jonas', property: 'ubud', room: 5, checkIn: 30, nights: 60, status: 'paid' },
  { n: 6, guest: 'chloe', property: 'ubud', room: 2, checkIn: -200, nights: 90, status: 'completed' },
  { n: 7, guest: 'kenji', property: 'ubud', room: 1, checkIn: 120, nights: 30, status: 'pending_payment' },
  // Lisbon
  { n: 8, guest: 'leo', property: 'lisbon', room: 1, checkIn: -300, nights: 120, status: 'completed' },
  { n: 9, guest: 'ana', property: 'lisbon', room: 2, checkIn: 70, nights: 75, status: 'cancelled' },
  { n: 10, guest: 'kenji', property: 'lisbon', room: 3, checkIn: -30, nights: 60, status: 'accepted' },
  { n: 11, guest: 'chloe', property: 'lisbon', room: 4, checkIn: 20, nights: 60, status: 'declined' },
  { n: 12, guest: 'priya', property: 'lisbon', room: 1, checkIn: 80, nights: 90, status: 'paid' },
  // Canggu
  { n: 13, guest: 'jonas', property: 'canggu', room: 1, checkIn: -150, nights: 60, status: 'completed' },
  { n: 14, guest: 'kenji', property: 'canggu', room: 2, checkIn: 10, nights: 30, status: 'cancelled' },
  { n: 15, guest: 'sam', property: 'canggu', room: 2, checkIn: 60, nights: 30, status: 'pending' },
  // Medellín
  { n: 16, guest: 'chloe', property: 'medellin', room: 1, checkIn: -40, nights: 120, status: 'accepted' },
  { n: 17, guest: 'priya', property: 'medellin', room: 2, checkIn: -100, nights: 60, status: 'accepted' },
  { n: 18, guest: 'leo', property: 'medellin', room: 3, checkIn: 150, nights: 60, status: 'pending_payment' },
  // Chiang Mai and Tbilisi (host Nika keeps her profile hidden from guests)
  { n: 19, guest: 'sam', property: 'chiangmai', room: 1, checkIn: -220, nights: 60, status: 'completed' },
  { n: 20, guest: 'jonas', property: 'chiangmai', room: 2, checkIn: -3, nights: 45, status: 'accepted' },
  { n: 21, guest: 'ana', property: 'tbilisi', room: 1, checkIn: -400, nights: 60, status: 'completed' },
  // Cape Town, Tulum
  { n: 22, guest: 'kenji', property: 'capetown', room: 2, checkIn: 15, nights: 45, status: 'paid' },
  { n: 23, guest: 'chloe', property: 'tulum', room: 1, checkIn: -60, nights: 30, status: 'cancelled' },
  { n: 24, guest: 'ana', property: 'lisbon', room: 2, checkIn: -15, nights: 75, status: 'accepted' },
];

interface DemoReview {
  booking: number;
  type: 'guest_to_host' | 'host_to_guest';
  rating: number;
  text: string | null;
  daysAgo: number;
}

const reviews: DemoReview[] = [
  { booking: 6, type: 'guest_to_host', rating: 5, text: 'Maya thinks of everything: desk setup, scooter rental, even a rain-season backup router.', daysAgo: 105 },
  { booking: 6, type: 'host_to_guest', rating: 5, text: 'Chloé left the house brighter than she found it (literally, there is a mural now).', daysAgo: 104 },
  { booking: 8, type: 'guest_to_host', rating: 5, text: 'Tiago is the host every remote worker hopes for. Fast fibre, great people, Sunday dinners.', daysAgo: 175 },
  { booking: 8, type: 'host_to_guest', rating: 5, text: 'Leo was considerate and tidy, welcome back any time.', daysAgo: 174 },
  { booking: 13, type: 'guest_to_host', rating: 4, text: 'Lovely house, a bit noisy on weekends but Maya sorted a quieter room quickly.', daysAgo: 85 },
  { booking: 19, type: 'guest_to_host', rating: 4, text: 'Calm house, very fast internet. The manager team answered within minutes.', daysAgo: 155 },
  { booking: 21, type: 'guest_to_host', rating: 5, text: null, daysAgo: 335 },
  { booking: 21, type: 'host_to_guest', rating: 5, text: 'A perfect guest.', daysAgo: 334 },
];

interface DemoPropertyReview {
  guest: string;
  property: string;
  room: number | null;
  rating: number;
  text: string | null;
  daysAgo: number;
}

const propertyReviews: DemoPropertyReview[] = [
  { guest: 'chloe', property: 'ubud', room: 2, rating: 5, text: 'Waking up to the rice terraces never got old. The coworking bale is the best office I have had.', daysAgo: 105 },
  { guest: 'leo', property: 'lisbon', room: 1, rating: 5, text: 'The rooftop at sunset, the tram outside, 500 Mbps upstairs. Hard to leave.', daysAgo: 175 },
  { guest: 'jonas', property: 'canggu', room: 1, rating: 4, text: 'Great surf access and a proper office room. Bring earplugs for Saturday nights.', daysAgo: 85 },
  { guest: 'sam', property: 'chiangmai', room: 1, rating: 4, text: 'Quiet, green and the fibre really is 1 Gbps.', daysAgo: 155 },
  { guest: 'ana', property: 'tbilisi', room: 1, rating: 5, text: null, daysAgo: 335 },
];

interface DemoMessage {
  from: string;
  to: string | null;
  /** property key for house chat */
  house?: string;
  type: 'host_guest' | 'guest_guest' | 'house';
  text: string;
  minutesAgo: number;
  read: boolean;
}

const messages: DemoMessage[] = [
  // Maya and Leo (host_guest); the latest is unread by Leo.
  { from: 'leo', to: 'maya', type: 'host_guest', text: 'Hi Maya! Is the Frangipani Room desk big enough for two monitors?', minutesAgo: 60 * 24 * 30, read: true },
  { from: 'maya', to: 'leo', type: 'host_guest', text: 'Hi Leo, yes: 160 cm wide, and we have a spare 27" monitor you can borrow.', minutesAgo: 60 * 24 * 30 - 45, read: true },
  { from: 'leo', to: 'maya', type: 'host_guest', text: 'Perfect, booking now. See you soon!', minutesAgo: 60 * 24 * 29, read: true },
  { from: 'maya', to: 'leo', type: 'host_guest', text: 'The pool is being cleaned tomorrow 9 to 11, sorry for the noise!', minutesAgo: 90, read: false },
  // Jonas asks Maya about his paid request (unread by Maya).
  { from: 'jonas', to: 'maya', type: 'host_guest', text: 'Hello! I paid for the Studio Nook from next month. Is early check-in possible?', minutesAgo: 240, read: false },
  { from: 'jonas', to: 'maya', type: 'host_guest', text: 'Also, is there a place to store a surfboard?', minutesAgo: 235, read: false },
  // Ana and Tiago
  { from: 'ana', to: 'tiago', type: 'host_guest', text: 'Olá Tiago, could I get a second pillow in the Azulejo Room?', minutesAgo: 60 * 24 * 3, read: true },
  { from: 'tiago', to: 'ana', type: 'host_guest', text: 'Of course, it is in the hall cupboard. Enjoy Lisbon!', minutesAgo: 60 * 24 * 3 - 20, read: true },
  // Leo and Ana, housemates in Ubud (guest_guest)
  { from: 'ana', to: 'leo', type: 'guest_guest', text: 'Sunrise hike to Mount Batur on Saturday, want in?', minutesAgo: 60 * 5, read: true },
  { from: 'leo', to: 'ana', type: 'guest_guest', text: 'Absolutely. 2am pickup, right?', minutesAgo: 60 * 4, read: true },
  { from: 'ana', to: 'leo', type: 'guest_guest', text: 'Yes! I will book the driver.', minutesAgo: 30, read: false },
  // Ubud house chat
  { from: 'maya', to: null, house: 'ubud', type: 'house', text: 'Welcome to the Ubud house chat! Family dinner is Thursday at 7pm.', minutesAgo: 60 * 24 * 7, read: false },
  { from: 'ana', to: null, house: 'ubud', type: 'house', text: 'I will bring dessert from the market 🍍', minutesAgo: 60 * 24 * 6, read: false },
  { from: 'sam', to: null, house: 'ubud', type: 'house', text: 'Heads up: I have calls 8–10pm most evenings, I will use the phone booth.', minutesAgo: 60 * 24 * 2, read: false },
  { from: 'leo', to: null, house: 'ubud', type: 'house', text: 'Anyone up for surfing in Keramas tomorrow morning?', minutesAgo: 120, read: false },
  // Lisbon house chat
  { from: 'tiago', to: null, house: 'lisbon', type: 'house', text: 'Fibre maintenance tonight 1–2am, the 4G router takes over automatically.', minutesAgo: 60 * 20, read: false },
  { from: 'kenji', to: null, house: 'lisbon', type: 'house', text: 'Thanks! Photo walk in Mouraria on Sunday if anyone wants to join.', minutesAgo: 60 * 18, read: false },
];

const q = (value: string | null): string => (value === null ? 'null' : `'${value.replace(/'/g, "''")}'`);
const textArray = (values: string[]): string => (values.length === 0 ? `'{}'::text[]` : `array[${values.map(q).join(', ')}]::text[]`);
const uuidFrom = (prefix: string, n: number): string => `${prefix}0000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

function room(property: DemoProperty, n: number): DemoRoom {
  const found = property.rooms[n - 1];
  if (!found) throw new Error(`${property.key} has no room ${n}`);
  return found;
}

function bookingByNumber(n: number): DemoBooking {
  const found = bookings.find((b) => b.n === n);
  if (!found) throw new Error(`no booking ${n}`);
  return found;
}

/** docs/product.md §5: total = rounded(months x 4.33 x weekly price), months counted as 30 days. */
const totalPrice = (weekly: number, nights: number): number => Math.round((nights / 30) * 4.33 * weekly);

function authUsersSql(): string {
  const rows = users.map((u) => `  (${q(u.id)}::uuid, ${q(u.email)}, ${q(JSON.stringify({ full_name: u.name, role: u.role }))}::jsonb)`);
  return `-- Demo accounts, password ${q(demoPassword)} (bcrypt through pgcrypto, as GoTrue stores them).
insert into auth.users (instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change)
select '00000000-0000-0000-0000-000000000000'::uuid, v.id, 'authenticated', 'authenticated', v.email,
  extensions.crypt(${q(demoPassword)}, extensions.gen_salt('bf', 10)), now() - interval '400 days',
  '{"provider":"email","providers":["email"]}'::jsonb, v.meta, now() - interval '400 days', now(),
  '', '', '', ''
from (values
${rows.join(',\n')}
) as v (id, email, meta)
on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), u.created_at, now()
from auth.users u
where u.email like '%@nomadnest.test'
on conflict (provider_id, provider) do nothing;
`;
}

function profilesSql(): string {
  const rows = users.map((u) =>
    `  (${q(u.id)}::uuid, ${q(u.name)}, ${q(u.bio || null)}, ${q(u.profession || null)}, ${q(u.workTimezone)}, ${textArray(u.interests)}, ${u.showInWhosStaying}, ${q(publicPhotoUrl('profile-photos', photoPaths.avatar(u)))}, ${u.isVisibleToGuests}, ${u.onboardingComplete}, ${q(u.verificationStatus)}, ${u.age})`,
  );
  const roles = users.map((u) => `  (${q(u.id)}::uuid, ${q(u.role)})`);
  return `-- Profiles: on_auth_user_created already made a bare row per user; fill in the details.
insert into public.profiles (id, name, bio, profession, work_timezone, interests, show_in_whos_staying,
  profile_photo, is_visible_to_guests, onboarding_complete, verification_status, age, created_at)
select v.*, now() - interval '400 days'
from (values
${rows.join(',\n')}
) as v (id, name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo,
        is_visible_to_guests, onboarding_complete, verification_status, age)
on conflict (id) do update set
  name = excluded.name, bio = excluded.bio, profession = excluded.profession,
  work_timezone = excluded.work_timezone, interests = excluded.interests,
  show_in_whos_staying = excluded.show_in_whos_staying, profile_photo = excluded.profile_photo,
  is_visible_to_guests = excluded.is_visible_to_guests, onboarding_complete = excluded.onboarding_complete,
  verification_status = excluded.verification_status, age = excluded.age;

insert into public.user_roles (user_id, role)
values
${roles.join(',\n')}
on conflict do nothing;
`;
}

function propertiesSql(): string {
  const propertyRows = properties.map((p) => {
    const photos = Array.from({ length: propertyPhotoCount }, (_, i) => publicPhotoUrl('property-photos', photoPaths.property(p, i + 1)));
    const minWeek = Math.min(...p.rooms.map((r) => r.pricePerWeek));
    const capacity = p.rooms.reduce((sum, r) => sum + r.capacity, 0);
    const occupancy = bookings.filter((b) => b.property === p.key && b.status === 'accepted' && b.checkIn <= 0 && b.checkIn + b.nights > 0).length;
    return `  (${q(p.id)}::uuid, ${q(userByKey(p.hostKey).id)}::uuid, ${q(p.name)}, ${q(p.city)}, ${q(p.country)}, ${q(p.googleMapsUrl)}, ${q(p.description)}, ${q(p.workspaceDetails)}, ${textArray(p.amenities)}, ${textArray(photos)}, ${minWeek}, ${capacity}, ${occupancy}, 4, 26, ${p.wifiSpeedMbps}, now() - interval '${p.listedDaysAgo} days')`;
  });
  const roomRows = properties.flatMap((p) =>
    p.rooms.map((r) =>
      `  (${q(r.id)}::uuid, ${q(p.id)}::uuid, ${q(r.name)}, ${q(r.description)}, ${textArray([publicPhotoUrl('room-photos', photoPaths.room(p, r))])}, ${r.pricePerWeek}, ${r.pricePerMonth ?? 'null'}, ${r.isAvailable}, ${r.wifiSpeedMbps}, ${r.capacity}, ${r.minStayWeeks}, ${r.maxStayWeeks})`,
    ),
  );
  return `-- Listings. Photo URLs are relative (/storage/v1/object/public/<bucket>/<path>): the app resolves a
-- relative storage URL against its Supabase URL, so the same seed works locally and on a hosted project
-- once seed/storage/ is uploaded to the buckets (the local stand-in loads that folder at seed time).
insert into public.properties (id, host_id, name, city, country, google_maps_url, description, workspace_details,
  amenities, photos, price_per_week, capacity, current_occupancy, min_stay_weeks, max_stay_weeks, wifi_speed_mbps, created_at)
values
${propertyRows.join(',\n')}
on conflict (id) do nothing;

insert into public.rooms (id, property_id, name, description, photos, price_per_week, price_per_month, is_available,
  wifi_speed_mbps, capacity, min_stay_weeks, max_stay_weeks)
values
${roomRows.join(',\n')}
on conflict (id) do nothing;
`;
}

function bookingsSql(): string {
  const rows = bookings.map((b) => {
    const p = propertyByKey(b.property);
    const r = room(p, b.room);
    const guest = userByKey(b.guest);
    const createdDaysBefore = Math.max(0, -b.checkIn) + 14;
    return `  (${q(uuidFrom('d', b.n))}::uuid, ${q(guest.id)}::uuid, ${q(p.id)}::uuid, ${q(r.id)}::uuid, current_date + ${b.checkIn}, current_date + ${b.checkIn + b.nights}, ${totalPrice(r.pricePerWeek, b.nights)}, ${q(b.status)}, ${q(guest.email)}, now() - interval '${createdDaysBefore} days')`;
  });
  return `-- Bookings in every status. The triggers on bookings fill booked_dates (held / paid / accepted).
insert into public.bookings (id, user_id, property_id, room_id, check_in, check_out, total_price, status, guest_email, created_at)
values
${rows.join(',\n')}
on conflict (id) do nothing;

-- Payment data for bookings that went through checkout.
update public.bookings
set paid_at = created_at + interval '10 minutes',
    stripe_checkout_session_id = 'cs_test_seed_' || replace(id::text, '-', ''),
    stripe_payment_intent_id = 'pi_test_seed_' || replace(id::text, '-', '')
where id::text like 'd0000000-%' and status in ('pending', 'paid', 'accepted', 'completed', 'declined') and paid_at is null;
`;
}

function reviewsSql(): string {
  const rows = reviews.map((r, i) => {
    const b = bookingByNumber(r.booking);
    const guest = userByKey(b.guest).id;
    const host = userByKey(propertyByKey(b.property).hostKey).id;
    const [reviewer, reviewee] = r.type === 'guest_to_host' ? [guest, host] : [host, guest];
    return `  (${q(uuidFrom('e', i + 1))}::uuid, ${q(uuidFrom('d', b.n))}::uuid, ${q(reviewer)}::uuid, ${q(reviewee)}::uuid, ${r.rating}, ${q(r.text)}, ${q(r.type)}, now() - interval '${r.daysAgo} days')`;
  });
  const propertyRows = propertyReviews.map((r, i) => {
    const p = propertyByKey(r.property);
    return `  (${q(uuidFrom('f', i + 1))}::uuid, ${q(p.id)}::uuid, ${r.room === null ? 'null' : `${q(room(p, r.room).id)}::uuid`}, ${q(userByKey(r.guest).id)}::uuid, ${r.rating}, ${q(r.text)}, true, now() - interval '${r.daysAgo} days')`;
  });
  return `insert into public.reviews (id, booking_id, reviewer_id, reviewee_id, rating, text, review_type, created_at)
values
${rows.join(',\n')}
on conflict (id) do nothing;

insert into public.property_reviews (id, property_id, room_id, user_id, rating, review_text, is_public, created_at)
values
${propertyRows.join(',\n')}
on conflict (id) do nothing;
`;
}

function messagesSql(): string {
  const rows = messages.map((m, i) => {
    const propertyId = m.house ? `${q(propertyByKey(m.house).id)}::uuid` : 'null::uuid';
    const to = m.to ? `${q(userByKey(m.to).id)}::uuid` : 'null::uuid';
    const at = `now() - interval '${m.minutesAgo} minutes'`;
    return `  (${q(uuidFrom('9', i + 1))}::uuid, ${q(userByKey(m.from).id)}::uuid, ${to}, ${propertyId}, ${q(m.type)}, ${q(m.text)}, ${m.read ? at : 'null::timestamptz'}, ${at})`;
  });
  const ubud = propertyByKey('ubud').id;
  return `-- Conversations: host_guest, guest_guest and house chats, some unread.
insert into public.messages (id, sender_id, receiver_id, property_id, conversation_type, text, read_at, created_at)
values
${rows.join(',\n')}
on conflict (id) do nothing;

-- Leo has read the Ubud house chat up to two days ago, so the newer house messages count as unread.
insert into public.house_chat_reads (property_id, user_id, last_read_at)
values (${q(ubud)}::uuid, ${q(userByKey('leo').id)}::uuid, now() - interval '3 days')
on conflict do nothing;
`;
}

export function renderSeedSql(): string {
  return `-- NomadNest demo data. GENERATED by supabase/seed/generate-seed-sql.ts from demo-data.ts: edit those
-- and run \`npx tsx supabase/seed/generate-seed-sql.ts\`.
-- Idempotent (fixed ids, on conflict do nothing), dates relative to the day it runs.
-- Demo logins (password ${demoPassword}):
${users.map((u) => `--   ${u.email.padEnd(30)} ${u.role.padEnd(5)} ${u.name}`).join('\n')}

${authUsersSql()}
${profilesSql()}
${propertiesSql()}
${bookingsSql()}
${reviewsSql()}
${messagesSql()}`;
}

const isMain = process.argv[1] !== undefined && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const target = join(dirname(fileURLToPath(import.meta.url)), '..', 'seed.sql');
  await writeFile(target, renderSeedSql());
  console.log(`wrote ${target}`);
}
