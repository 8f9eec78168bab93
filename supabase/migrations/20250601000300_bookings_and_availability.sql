-- bookings, booked_dates and the rules that make double booking impossible (docs/architecture.md §4).
--
-- Status machine (docs/product.md §4), enforced by tg_bookings_transition for API users:
--   guest   : inserts pending_payment; cancels own pending_payment
--   host    : paid -> accepted (only from paid), pending -> declined, accepted -> completed
--             (paid -> declined only through the decline-booking function, service role, which refunds)
--   service : everything (payment verification sets paid; refunds cancel)
-- Availability is per room. Every booking that holds dates has one booked_dates row:
--   pending_payment -> 'held' until held_until (checkout expiry), pending|paid -> 'paid', accepted -> 'accepted'.
-- An exclusion constraint over (room_id, [start, end)) makes overlapping rows impossible, also under
-- concurrency; check-out day may equal the next check-in day. Expired holds are released (deleted and
-- their booking cancelled) before any new hold on the room is written, and ignored by
-- check_booking_conflict, so they never block anyone.

create table public.bookings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id),
  -- Same person as user_id (docs/product.md §3 lists both); kept equal by trigger. No FK, so embeds of
  -- profiles from bookings stay unambiguous (they resolve through user_id).
  guest_id uuid,
  property_id uuid not null references public.properties (id),
  room_id uuid not null references public.rooms (id),
  check_in date not null,
  check_out date not null,
  total_price numeric(12, 2) not null,
  status text not null default 'pending_payment',
  host_decision text,
  guest_email text,
  held_until timestamptz,
  stripe_checkout_session_id text,
  stripe_payment_intent_id text,
  paid_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint bookings_status check (status in ('pending_payment', 'pending', 'paid', 'accepted', 'declined', 'cancelled', 'completed')),
  constraint bookings_host_decision check (host_decision in ('accepted', 'declined')),
  -- 1 to 6 months: 28 days (one calendar February) up to 184 days (six calendar months).
  constraint bookings_stay_length check (check_out - check_in between 28 and 184),
  constraint bookings_total_price_non_negative check (total_price >= 0),
  constraint bookings_guest_email_length check (char_length(guest_email) <= 320)
);

create index bookings_user_id_idx on public.bookings (user_id, created_at desc);
create index bookings_property_id_idx on public.bookings (property_id, status);
create index bookings_room_id_idx on public.bookings (room_id);
create index bookings_updated_at_idx on public.bookings (updated_at, id);

create trigger bookings_sync_columns
  before insert or update on public.bookings
  for each row execute function public.tg_set_sync_columns();

create table public.booked_dates (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null unique references public.bookings (id) on delete cascade,
  property_id uuid not null references public.properties (id),
  room_id uuid not null references public.rooms (id),
  start_date date not null,
  end_date date not null,
  status text not null,
  held_until timestamptz,
  stay daterange generated always as (daterange(start_date, end_date, '[)')) stored,
  created_at timestamptz not null default now(),
  constraint booked_dates_status check (status in ('held', 'paid', 'accepted')),
  constraint booked_dates_range check (end_date > start_date),
  constraint booked_dates_hold_expiry check ((status = 'held') = (held_until is not null)),
  constraint booked_dates_no_overlap exclude using gist (room_id with =, stay with &&)
);

create index booked_dates_property_idx on public.booked_dates (property_id, status);
create index booked_dates_held_until_idx on public.booked_dates (held_until) where status = 'held';

comment on table public.booked_dates is
  'Dates blocked per room, maintained only by triggers on bookings. Rows with status held and held_until in the past no longer block.';

-- How long a checkout may hold dates unless the payment function sets a later held_until (Stripe
-- Checkout sessions live at least 30 minutes).
create or replace function public.booking_hold_duration()
returns interval
language sql
immutable
set search_path = ''
as $$ select interval '30 minutes' $$;

-- Deletes expired holds (optionally for one room) and cancels their bookings. Returns how many.
create or replace function public.release_expired_holds(p_room_id uuid default null)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  released integer;
begin
  with expired as (
    delete from public.booked_dates d
    where d.status = 'held' and d.held_until <= now() and (p_room_id is null or d.room_id = p_room_id)
    returning d.booking_id
  ), cancelled as (
    update public.bookings b set status = 'cancelled'
    where b.id in (select booking_id from expired) and b.status = 'pending_payment'
    returning b.id
  )
  select count(*) into released from expired;
  return released;
end
$$;

-- Brings the booking's booked_dates row in line with its status. Raises 23P01 when the dates overlap
-- another live row for the room.
create or replace function public.sync_booked_dates(p_booking public.bookings)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  target text := case p_booking.status
    when 'pending_payment' then 'held'
    when 'pending' then 'paid'
    when 'paid' then 'paid'
    when 'accepted' then 'accepted'
  end;
begin
  if p_booking.deleted_at is not null then
    target := null;
  end if;
  if target = 'held' and coalesce(p_booking.held_until, now()) <= now() then
    target := null;
  end if;
  if target is null then
    delete from public.booked_dates where booking_id = p_booking.id;
    return;
  end if;
  -- One writer per room at a time: concurrent inserts that both fail the exclusion check against
  -- each other's uncommitted rows would otherwise deadlock (40P01) instead of losing cleanly (23P01).
  perform pg_advisory_xact_lock(hashtextextended('booked_dates:' || p_booking.room_id::text, 0));
  perform public.release_expired_holds(p_booking.room_id);
  insert into public.booked_dates (booking_id, property_id, room_id, start_date, end_date, status, held_until)
  values (p_booking.id, p_booking.property_id, p_booking.room_id, p_booking.check_in, p_booking.check_out, target,
          case when target = 'held' then p_booking.held_until end)
  on conflict (booking_id) do update
    set property_id = excluded.property_id,
        room_id = excluded.room_id,
        start_date = excluded.start_date,
        end_date = excluded.end_date,
        status = excluded.status,
        held_until = excluded.held_until;
end
$$;

revoke all on function public.sync_booked_dates(public.bookings) from public, anon, authenticated;

-- BEFORE INSERT: what a guest may create.
create or replace function public.tg_bookings_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  room_property uuid;
  room_open boolean;
  property_host uuid;
begin
  select r.property_id, r.is_available and r.deleted_at is null into room_property, room_open
  from public.rooms r where r.id = new.room_id;
  if room_property is distinct from new.property_id then
    raise exception 'The room does not belong to this property' using errcode = '23514';
  end if;
  new.guest_id := new.user_id;
  if public.is_trusted_session() then
    if new.status = 'pending_payment' and new.held_until is null then
      new.held_until := now() + public.booking_hold_duration();
    end if;
    return new;
  end if;

  if new.user_id is distinct from (select auth.uid()) then
    raise exception 'A booking can only be made for yourself' using errcode = '42501';
  end if;
  if new.status is distinct from 'pending_payment' then
    raise exception 'New bookings start as pending_payment' using errcode = '42501';
  end if;
  select p.host_id into property_host from public.properties p where p.id = new.property_id and p.deleted_at is null;
  if property_host is null then
    raise exception 'This property is not available' using errcode = '23514';
  end if;
  if property_host = new.user_id then
    raise exception 'Hosts cannot book their own property' using errcode = '23514';
  end if;
  if not room_open then
    raise exception 'This room is not available' using errcode = '23514';
  end if;
  if new.check_in < current_date then
    raise exception 'Check-in cannot be in the past' using errcode = '23514';
  end if;
  new.host_decision := null;
  new.held_until := now() + public.booking_hold_duration();
  new.stripe_checkout_session_id := null;
  new.stripe_payment_intent_id := null;
  new.paid_at := null;
  new.deleted_at := null;
  return new;
end
$$;

create trigger bookings_before_insert
  before insert on public.bookings
  for each row execute function public.tg_bookings_before_insert();

-- BEFORE UPDATE: the status machine for API users.
create or replace function public.tg_bookings_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  is_host boolean;
begin
  new.guest_id := new.user_id;
  if new.status = 'accepted' and old.status is distinct from 'accepted' then
    new.host_decision := 'accepted';
  elsif new.status = 'declined' and old.status is distinct from 'declined' then
    new.host_decision := 'declined';
  end if;

  if public.is_trusted_session() then
    if new.status = 'paid' and old.status is distinct from 'paid' and new.paid_at is null then
      new.paid_at := now();
    end if;
    return new;
  end if;

  if (new.id, new.user_id, new.property_id, new.room_id, new.check_in, new.check_out, new.total_price,
      new.guest_email, new.held_until, new.stripe_checkout_session_id, new.stripe_payment_intent_id,
      new.paid_at, new.deleted_at)
     is distinct from
     (old.id, old.user_id, old.property_id, old.room_id, old.check_in, old.check_out, old.total_price,
      old.guest_email, old.held_until, old.stripe_checkout_session_id, old.stripe_payment_intent_id,
      old.paid_at, old.deleted_at) then
    raise exception 'Only the status of a booking can be changed' using errcode = '42501';
  end if;

  if new.status = old.status then
    new.host_decision := old.host_decision;
    return new;
  end if;

  select exists (select 1 from public.properties p where p.id = old.property_id and p.host_id = uid) into is_host;

  if is_host then
    if new.status = 'accepted' then
      if old.status <> 'paid' then
        raise exception 'Guest must complete payment before you can accept this booking'
          using errcode = 'P0001', hint = 'Cannot accept booking';
      end if;
      return new;
    elsif new.status = 'declined' and old.status = 'pending' then
      return new;
    elsif new.status = 'declined' and old.status = 'paid' then
      -- A paid request is declined through the decline-booking function, which refunds the guest.
      raise exception 'Decline a paid booking through decline-booking so the guest is refunded' using errcode = '42501';
    elsif new.status = 'completed' and old.status = 'accepted' then
      return new;
    elsif new.status = 'paid' then
      raise exception 'Only payment verification can mark a booking paid' using errcode = '42501';
    end if;
    raise exception 'A host cannot change a booking from % to %', old.status, new.status using errcode = '42501';
  end if;

  if uid = old.user_id then
    if new.status = 'cancelled' and old.status = 'pending_payment' then
      return new;
    elsif new.status = 'paid' then
      raise exception 'Only payment verification can mark a booking paid' using errcode = '42501';
    elsif new.status in ('accepted', 'declined', 'completed') then
      raise exception 'Only the host can set a booking to %', new.status using errcode = '42501';
    end if;
    raise exception 'A guest cannot change a booking from % to %', old.status, new.status using errcode = '42501';
  end if;

  raise exception 'Not allowed to change this booking' using errcode = '42501';
end
$$;

create trigger bookings_transition
  before update on public.bookings
  for each row execute function public.tg_bookings_transition();

-- AFTER INSERT/UPDATE: keep booked_dates in step. A new hold first supersedes the same guest's other
-- unpaid checkouts for overlapping dates in that room (retrying after a cancelled payment must not
-- collide with the guest's own earlier hold).
create or replace function public.tg_bookings_availability()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.status = 'pending_payment' then
    update public.bookings b set status = 'cancelled'
    where b.user_id = new.user_id and b.room_id = new.room_id and b.id <> new.id
      and b.status = 'pending_payment'
      and daterange(b.check_in, b.check_out, '[)') && daterange(new.check_in, new.check_out, '[)');
  end if;
  if tg_op = 'UPDATE'
     and (new.status, new.room_id, new.check_in, new.check_out, new.held_until, new.deleted_at)
         is not distinct from (old.status, old.room_id, old.check_in, old.check_out, old.held_until, old.deleted_at) then
    return null;
  end if;
  perform public.sync_booked_dates(new);
  return null;
end
$$;

revoke all on function public.tg_bookings_availability() from public, anon, authenticated;

create trigger bookings_availability
  after insert or update on public.bookings
  for each row execute function public.tg_bookings_availability();

-- docs/product.md §7: truthy means conflict. Counts held (unexpired), paid and accepted stays in the room; with no
-- room, any room of the property. The caller's own unpaid holds do not count (a retry supersedes them).
create or replace function public.check_booking_conflict(
  p_property_id uuid,
  p_room_id uuid,
  p_start_date date,
  p_end_date date
)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.booked_dates d
    left join public.bookings b on b.id = d.booking_id
    where d.property_id = p_property_id
      and (p_room_id is null or d.room_id = p_room_id)
      and d.stay && daterange(p_start_date, p_end_date, '[)')
      and (d.status <> 'held' or (d.held_until > now() and b.user_id is distinct from (select auth.uid())))
  )
$$;

-- ------------------------------------------------------------------------------------------- RLS

alter table public.bookings enable row level security;
alter table public.booked_dates enable row level security;

create policy bookings_select_party on public.bookings
  for select to authenticated
  using (user_id = (select auth.uid()) or public.is_property_host(property_id));

create policy bookings_insert_guest on public.bookings
  for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending_payment');

create policy bookings_update_party on public.bookings
  for update to authenticated
  using (user_id = (select auth.uid()) or public.is_property_host(property_id))
  with check (user_id = (select auth.uid()) or public.is_property_host(property_id));

-- Availability is public (no guest identity in it); writes happen only through the triggers above.
create policy booked_dates_select_all on public.booked_dates
  for select to anon, authenticated
  using (true);

revoke all on public.bookings, public.booked_dates from anon, authenticated;
grant select on public.bookings to authenticated;
grant insert (id, user_id, guest_id, property_id, room_id, check_in, check_out, total_price, status, guest_email)
  on public.bookings to authenticated;
grant update (status, host_decision) on public.bookings to authenticated;
grant select on public.booked_dates to anon, authenticated;
grant all on public.bookings, public.booked_dates to service_role;

revoke all on function public.release_expired_holds(uuid) from public, anon;
grant execute on function public.release_expired_holds(uuid) to authenticated, service_role;
revoke all on function public.check_booking_conflict(uuid, uuid, date, date) from public;
grant execute on function public.check_booking_conflict(uuid, uuid, date, date) to anon, authenticated, service_role;

-- Guests keep seeing a tombstoned listing and room they booked. (Live rows are already visible through
-- the *_select_listed policies; the deleted_at test keeps this subquery off them.)
create policy properties_select_booked on public.properties
  for select to authenticated
  using (deleted_at is not null
    and exists (select 1 from public.bookings b where b.property_id = properties.id and b.user_id = (select auth.uid())));

create policy rooms_select_booked on public.rooms
  for select to authenticated
  using (deleted_at is not null
    and exists (select 1 from public.bookings b where b.room_id = rooms.id and b.user_id = (select auth.uid())));
