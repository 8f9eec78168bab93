-- Money and booking rules that must hold against a hostile client calling /rest/v1 directly
-- (security review: a paid booking declined without refund, a stay completed before it began, rooms
-- blocked without paying, deadlocks under concurrent checkouts).
--
-- * A booking that has been paid (status paid, or pending: a payment taken but not verified yet, which
--   the payment functions already treat as paid) leaves that state only through the server functions
--   that refund (decline-booking, cancel-booking), or by the host accepting it once it is paid (docs/product.md §4:
--   accept only from paid).
-- * A stay can be marked completed only once it has started (check-in reached).
-- * An insert through the API is only a request: it holds no dates, its total_price and guest_email
--   are the server's (price from the room and the dates; the signed-in user's e-mail), and a guest can
--   have at most 10 unpaid requests opened within 24 hours. Dates are held only by the checkout
--   function (begin_booking_checkout), which also caps holds: 3 live holds per guest, 5 checkout
--   attempts per booking, 8 checkout attempts per guest and room within 24 hours.
-- * Lock order, everywhere a booking's dates change: the room's advisory lock first, then booking
--   rows. Expired holds of other bookings are released with SKIP LOCKED so no path waits for a row
--   another path holds while it waits for the room.

-- ------------------------------------------------------------------------------------ pricing

-- Months of a stay from its dates (1 to 6 in half-month steps): calendar months plus the fraction x 30
-- days, or (docs/product.md §5's other reading) exactly months x 30 days. Null when the dates are neither. The
-- TypeScript twin is stayMonthsFromDates (supabase/functions/_shared/booking-pricing.ts); the test
-- supabase/tests/booking-pricing.test.ts runs both over the same table of dates.
create or replace function public.booking_stay_months(p_check_in date, p_check_out date)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select months from (
    select h / 2.0 as months, 1 as preference
    from generate_series(2, 12) as h
    where (p_check_in + make_interval(months => h / 2))::date + (h % 2) * 15 = p_check_out
    union all
    select h / 2.0, 2
    from generate_series(2, 12) as h
    where p_check_out - p_check_in = h * 15
  ) candidates
  order by preference, months
  limit 1
$$;

-- docs/product.md §5: total = round(months x 4.33 x weekly price), in exact decimals. Null when the stay is not
-- 1 to 6 months in half-month steps or the weekly price is not positive.
create or replace function public.booking_total_price(p_check_in date, p_check_out date, p_weekly_price numeric)
returns numeric
language sql
immutable
set search_path = ''
as $$
  select round(m * 4.33 * p_weekly_price)
  from (select public.booking_stay_months(p_check_in, p_check_out) as m) s
  where m is not null and p_weekly_price > 0
$$;

-- ------------------------------------------------------------------------------------ locking

-- The one lock every writer of a room's booked_dates takes first (re-entrant within a transaction).
create or replace function public.lock_room_dates(p_room_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('booked_dates:' || p_room_id::text, 0))
$$;

revoke all on function public.lock_room_dates(uuid) from public, anon, authenticated;
grant execute on function public.lock_room_dates(uuid) to service_role;

-- Expired holds: deleted, and their bookings cancelled unless another transaction holds the booking
-- row (it will find the hold gone and cancel or renew it itself).
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
  ), lockable as (
    select b.id from public.bookings b
    where b.id in (select booking_id from expired) and b.status = 'pending_payment'
    for update skip locked
  ), cancelled as (
    update public.bookings b set status = 'cancelled'
    where b.id in (select id from lockable)
    returning b.id
  )
  select count(*) into released from expired;
  return released;
end
$$;

revoke all on function public.release_expired_holds(uuid) from public, anon, authenticated;
grant execute on function public.release_expired_holds(uuid) to service_role;

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
  perform public.lock_room_dates(p_booking.room_id);
  if target is null then
    delete from public.booked_dates where booking_id = p_booking.id;
    return;
  end if;
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

-- AFTER INSERT/UPDATE: keep booked_dates in step. (Superseding the guest's earlier holds moved to
-- begin_booking_checkout, after the room lock: doing it here, before the lock, deadlocked.)
create or replace function public.tg_bookings_availability()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.status, new.room_id, new.check_in, new.check_out, new.held_until, new.deleted_at)
         is not distinct from (old.status, old.room_id, old.check_in, old.check_out, old.held_until, old.deleted_at) then
    return null;
  end if;
  if tg_op = 'INSERT' and new.held_until is null and new.status = 'pending_payment' then
    return null;
  end if;
  perform public.sync_booked_dates(new);
  return null;
end
$$;

revoke all on function public.tg_bookings_availability() from public, anon, authenticated;

-- ---------------------------------------------------------------------------------- inserts

-- How many unpaid requests a guest may open within 24 hours.
create or replace function public.max_unpaid_requests_per_day()
returns integer
language sql
immutable
set search_path = ''
as $$ select 10 $$;

create or replace function public.tg_bookings_before_insert()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  room_property uuid;
  room_open boolean;
  room_weekly_price numeric;
  property_host uuid;
  recent_requests integer;
begin
  select r.property_id, r.is_available and r.deleted_at is null, r.price_per_week
  into room_property, room_open, room_weekly_price
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
  -- The server's price, whatever the client sent.
  new.total_price := public.booking_total_price(new.check_in, new.check_out, room_weekly_price);
  if new.total_price is null then
    raise exception 'A stay must be 1 to 6 months in half-month steps, in a room with a price' using errcode = '23514';
  end if;
  select count(*) into recent_requests from public.bookings b
  where b.user_id = new.user_id and b.status = 'pending_payment' and b.created_at > now() - interval '24 hours';
  if recent_requests >= public.max_unpaid_requests_per_day() then
    raise exception 'Too many unpaid booking requests. Complete or cancel one before requesting another.'
      using errcode = 'P0001', hint = 'too_many_requests';
  end if;
  new.guest_email := nullif(btrim((select auth.jwt()) ->> 'email'), '');
  new.host_decision := null;
  -- A request holds no dates until its checkout starts (begin_booking_checkout).
  new.held_until := null;
  new.stripe_checkout_session_id := null;
  new.stripe_payment_intent_id := null;
  new.paid_at := null;
  new.deleted_at := null;
  return new;
end
$$;

-- ------------------------------------------------------------------------------ transitions

create or replace function public.tg_bookings_transition()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  is_host boolean;
  was_paid boolean := old.status in ('paid', 'pending');
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

  if new.status = 'paid' or new.status = 'pending' then
    raise exception 'Only payment verification can mark a booking paid' using errcode = '42501';
  end if;

  select exists (select 1 from public.properties p where p.id = old.property_id and p.host_id = uid) into is_host;

  if is_host then
    if new.status = 'accepted' then
      if old.status <> 'paid' then
        raise exception 'Guest must complete payment before you can accept this booking'
          using errcode = 'P0001', hint = 'Cannot accept booking';
      end if;
      return new;
    elsif new.status = 'completed' and old.status = 'accepted' then
      if old.check_in > current_date then
        raise exception 'A stay can be marked completed once it has started' using errcode = '42501';
      end if;
      return new;
    elsif was_paid then
      -- Money has moved: declining or cancelling refunds the guest, so only decline-booking and
      -- cancel-booking (service role) may do it.
      raise exception 'Decline a paid booking through decline-booking so the guest is refunded' using errcode = '42501';
    end if;
    raise exception 'A host cannot change a booking from % to %', old.status, new.status using errcode = '42501';
  end if;

  if uid = old.user_id then
    if new.status = 'cancelled' and old.status = 'pending_payment' and old.stripe_payment_intent_id is null then
      return new;
    elsif new.status in ('accepted', 'declined', 'completed') then
      raise exception 'Only the host can set a booking to %', new.status using errcode = '42501';
    end if;
    raise exception 'A guest cannot change a booking from % to %', old.status, new.status using errcode = '42501';
  end if;

  raise exception 'Not allowed to change this booking' using errcode = '42501';
end
$$;

-- ------------------------------------------------------------------------------------ checkout

-- Live holds a guest may keep at once, checkout attempts per booking, and attempts per guest and room
-- within 24 hours (so a hold cannot be renewed for ever).
create or replace function public.checkout_hold_limits()
returns table (live_holds_per_guest integer, attempts_per_booking integer, attempts_per_guest_room_day integer)
language sql
immutable
set search_path = ''
as $$ select 3, 5, 8 $$;

-- Starts (or resumes) a checkout attempt for a pending_payment booking of p_user_id; see the payments
-- migration for the resume rule. Takes the room's lock before any booking row. Cancels the guest's
-- other unpaid requests for overlapping dates in the room (a retry supersedes them). When another stay
-- holds the dates, nothing changes and no row is returned (the request stays unpaid and holds nothing;
-- a payment of an earlier session is refunded as dates_unavailable). Raises P0002 'booking_not_found',
-- P0001 'booking_not_payable' or P0001 'too_many_holds'.
create or replace function public.begin_booking_checkout(
  p_booking_id uuid,
  p_user_id uuid,
  p_total_price numeric,
  p_amount_cents integer,
  p_application_fee_cents integer,
  p_destination_account text,
  p_product_name text,
  p_product_description text,
  p_success_url text,
  p_cancel_url text,
  p_expires_at timestamptz
)
returns setof public.booking_checkouts
language plpgsql
set search_path = ''
as $$
declare
  booking public.bookings;
  latest public.booking_checkouts;
  limits record;
  next_attempt integer;
  room uuid;
begin
  select b.room_id into room from public.bookings b where b.id = p_booking_id;
  if room is null then
    raise exception 'booking_not_found' using errcode = 'P0002';
  end if;
  perform public.lock_room_dates(room);

  select * into booking from public.bookings where id = p_booking_id and deleted_at is null for update;
  if not found or booking.user_id is distinct from p_user_id then
    raise exception 'booking_not_found' using errcode = 'P0002';
  end if;
  if booking.status <> 'pending_payment' then
    raise exception 'booking_not_payable' using errcode = 'P0001', detail = booking.status;
  end if;

  select * into latest from public.booking_checkouts c where c.booking_id = p_booking_id order by c.attempt desc limit 1;
  if found
     and latest.expires_at > now() + interval '5 minutes'
     and booking.held_until = latest.expires_at
     and latest.amount_cents = p_amount_cents
     and latest.destination_account is not distinct from p_destination_account
     and exists (select 1 from public.booked_dates d where d.booking_id = p_booking_id and d.status = 'held') then
    return next latest;
    return;
  end if;

  select * into limits from public.checkout_hold_limits();
  if coalesce(latest.attempt, 0) >= limits.attempts_per_booking
     or (select count(*) from public.booking_checkouts c join public.bookings b on b.id = c.booking_id
         where b.user_id = p_user_id and b.room_id = room and c.created_at > now() - interval '24 hours')
        >= limits.attempts_per_guest_room_day
     or (select count(*) from public.booked_dates d join public.bookings b on b.id = d.booking_id
         where b.user_id = p_user_id and b.id <> p_booking_id and d.status = 'held' and d.held_until > now())
        >= limits.live_holds_per_guest then
    raise exception 'too_many_holds' using errcode = 'P0001';
  end if;

  -- A retry supersedes the guest's earlier unpaid requests for these dates in this room.
  update public.bookings b set status = 'cancelled'
  where b.user_id = p_user_id and b.room_id = room and b.id <> p_booking_id
    and b.status = 'pending_payment' and b.stripe_payment_intent_id is null
    and daterange(b.check_in, b.check_out, '[)') && daterange(booking.check_in, booking.check_out, '[)');

  next_attempt := coalesce(latest.attempt, 0) + 1;
  begin
    update public.bookings set total_price = p_total_price, held_until = p_expires_at where id = p_booking_id;
  exception when exclusion_violation then
    return;
  end;
  if not exists (select 1 from public.booked_dates d where d.booking_id = p_booking_id and d.status = 'held') then
    return;
  end if;

  return query
  insert into public.booking_checkouts (booking_id, attempt, idempotency_key, amount_cents, application_fee_cents,
    destination_account, product_name, product_description, success_url, cancel_url, expires_at)
  values (p_booking_id, next_attempt, 'checkout-' || p_booking_id::text || '-' || next_attempt, p_amount_cents,
    p_application_fee_cents, p_destination_account, p_product_name, p_product_description, p_success_url, p_cancel_url,
    p_expires_at)
  returning *;
end
$$;

revoke all on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz) to service_role;

-- settle_booking_payment (payments migration) locks the booking row and then, through the status
-- trigger, the room: take the room first, like every other writer.
create or replace function public.settle_booking_payment(
  p_booking_id uuid,
  p_session_id text,
  p_payment_intent_id text
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  booking public.bookings;
  refund_id text;
  outcome text;
  room uuid;
begin
  select b.room_id into room from public.bookings b where b.id = p_booking_id;
  if room is null then
    return 'unknown_booking';
  end if;
  perform public.lock_room_dates(room);
  select * into booking from public.bookings where id = p_booking_id for update;
  update public.booking_checkouts set stripe_payment_intent_id = p_payment_intent_id
  where stripe_checkout_session_id = p_session_id and stripe_payment_intent_id is null;

  if booking.stripe_payment_intent_id = p_payment_intent_id then
    return 'already_recorded';
  end if;
  select r.stripe_refund_id into refund_id from public.booking_refunds r where r.stripe_payment_intent_id = p_payment_intent_id;
  if found then
    return case when refund_id is null then 'refund_due' else 'already_recorded' end;
  end if;
  if booking.status in ('paid', 'pending', 'accepted', 'completed') or booking.stripe_payment_intent_id is not null then
    outcome := 'duplicate_payment';
  elsif booking.status <> 'pending_payment' then
    outcome := 'not_payable';
  else
    begin
      update public.bookings
      set status = 'paid', stripe_checkout_session_id = p_session_id, stripe_payment_intent_id = p_payment_intent_id,
          held_until = null
      where id = p_booking_id;
      return 'paid';
    exception when exclusion_violation then
      update public.bookings set status = 'cancelled', stripe_checkout_session_id = p_session_id
      where id = p_booking_id;
      outcome := 'dates_unavailable';
    end;
  end if;
  insert into public.booking_refunds (booking_id, stripe_payment_intent_id, reason)
  values (p_booking_id, p_payment_intent_id, case outcome when 'not_payable' then 'booking_not_payable' else outcome end);
  return outcome;
end
$$;

revoke all on function public.settle_booking_payment(uuid, text, text) from public, anon, authenticated;
grant execute on function public.settle_booking_payment(uuid, text, text) to service_role;

revoke all on function public.booking_stay_months(date, date) from public, anon, authenticated;
revoke all on function public.booking_total_price(date, date, numeric) from public, anon, authenticated;
revoke all on function public.max_unpaid_requests_per_day() from public, anon, authenticated;
revoke all on function public.checkout_hold_limits() from public, anon, authenticated;
grant execute on function public.booking_stay_months(date, date), public.booking_total_price(date, date, numeric),
  public.max_unpaid_requests_per_day(), public.checkout_hold_limits() to authenticated, service_role;
