-- Payment bookkeeping for the server functions (supabase/functions): checkout attempts with their
-- idempotency keys, refunds, processed Stripe webhook events and sent booking e-mails.
--
-- Only the service role (the functions) writes here. The functions call the SQL functions below so
-- that each step runs in one transaction with the booking row locked: two requests for the same
-- booking (a double click, a webhook racing the verify call) serialise on that lock.

-- One row per Checkout Session we asked Stripe for. Everything the session is built from is stored,
-- so a retry within the attempt sends byte-identical parameters with the same idempotency key and
-- Stripe replays the same session instead of creating a second one.
create table public.booking_checkouts (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  attempt integer not null,
  idempotency_key text not null unique,
  amount_cents integer not null,
  application_fee_cents integer,
  destination_account text,
  product_name text not null,
  product_description text not null,
  success_url text not null,
  cancel_url text not null,
  expires_at timestamptz not null,
  stripe_checkout_session_id text unique,
  stripe_payment_intent_id text,
  created_at timestamptz not null default now(),
  constraint booking_checkouts_attempt unique (booking_id, attempt),
  constraint booking_checkouts_amount check (amount_cents >= 50),
  constraint booking_checkouts_fee check (application_fee_cents is null or (application_fee_cents between 0 and amount_cents)),
  constraint booking_checkouts_fee_needs_destination check ((application_fee_cents is null) = (destination_account is null))
);

comment on table public.booking_checkouts is
  'Stripe Checkout attempts per booking (server functions only). idempotency_key = checkout-<booking>-<attempt>.';

-- Refunds we issued (decline, a payment that lost its dates, a second payment for one booking) and
-- refunds Stripe told us about.
create table public.booking_refunds (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  stripe_payment_intent_id text not null,
  stripe_refund_id text unique,
  reason text not null,
  amount_cents integer,
  application_fee_refunded boolean not null default false,
  transfer_reversed boolean not null default false,
  status text not null default 'requested',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  constraint booking_refunds_reason check (reason in ('declined', 'dates_unavailable', 'booking_not_payable', 'duplicate_payment', 'external')),
  constraint booking_refunds_status check (status in ('requested', 'pending', 'succeeded', 'failed', 'canceled', 'requires_action')),
  constraint booking_refunds_one_per_payment unique (stripe_payment_intent_id)
);

comment on table public.booking_refunds is
  'Refunds per payment. reason says why: declined by the host, dates_unavailable (the payment lost the dates race), booking_not_payable (paid after it was cancelled), duplicate_payment.';

create index booking_refunds_booking_idx on public.booking_refunds (booking_id);

-- Webhook events already handled (Stripe delivers at least once, in any order).
create table public.stripe_webhook_events (
  id text primary key,
  type text not null,
  processed_at timestamptz not null default now()
);

-- Booking e-mails sent, one per booking and status (the client and the server may both ask).
create table public.booking_emails (
  booking_id uuid not null references public.bookings (id) on delete cascade,
  status text not null,
  sent_at timestamptz not null default now(),
  primary key (booking_id, status),
  constraint booking_emails_status check (status in ('paid', 'accepted', 'declined'))
);

alter table public.booking_checkouts enable row level security;
alter table public.booking_refunds enable row level security;
alter table public.stripe_webhook_events enable row level security;
alter table public.booking_emails enable row level security;

-- The guest and the host may see that (and why) a booking was refunded.
create policy booking_refunds_select_party on public.booking_refunds
  for select to authenticated
  using (exists (
    select 1 from public.bookings b
    where b.id = booking_refunds.booking_id
      and (b.user_id = (select auth.uid()) or public.is_property_host(b.property_id))
  ));

revoke all on public.booking_checkouts, public.booking_refunds, public.stripe_webhook_events, public.booking_emails
  from anon, authenticated;
grant select on public.booking_refunds to authenticated;
grant all on public.booking_checkouts, public.booking_refunds, public.stripe_webhook_events, public.booking_emails
  to service_role;

-- ------------------------------------------------------------------------------------ checkout

-- Starts (or resumes) a checkout attempt for a pending_payment booking of p_user_id.
-- Resumes the latest attempt when it still has at least 5 minutes and the hold is its own; otherwise
-- stores the server-computed total on the booking, extends the hold to the new attempt's expiry
-- (raises 23P01 when another stay holds the dates) and records attempt n + 1.
-- Raises P0002 'booking_not_found' or P0001 'booking_not_payable'.
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
  next_attempt integer;
begin
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

  next_attempt := coalesce(latest.attempt, 0) + 1;
  update public.bookings set total_price = p_total_price, held_until = p_expires_at where id = p_booking_id;
  -- The trigger drops a hold that cannot be kept; a missing row means the dates were not held.
  if not exists (select 1 from public.booked_dates d where d.booking_id = p_booking_id and d.status = 'held') then
    raise exception 'dates_unavailable' using errcode = '23P01';
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

-- Records the Checkout Session id Stripe returned for an attempt and makes it the booking's current one.
create or replace function public.record_checkout_session(p_checkout_id uuid, p_session_id text)
returns void
language plpgsql
set search_path = ''
as $$
declare
  target uuid;
  is_latest boolean;
begin
  update public.booking_checkouts c set stripe_checkout_session_id = p_session_id
  where c.id = p_checkout_id
  returning c.booking_id into target;
  select not exists (
    select 1 from public.booking_checkouts newer, public.booking_checkouts this
    where this.id = p_checkout_id and newer.booking_id = this.booking_id and newer.attempt > this.attempt
  ) into is_latest;
  if is_latest then
    update public.bookings set stripe_checkout_session_id = p_session_id
    where id = target and status = 'pending_payment' and stripe_checkout_session_id is distinct from p_session_id;
  end if;
end
$$;

-- ------------------------------------------------------------------------------------ payment

-- Applies a Checkout Session that Stripe reports paid. Returns what happened:
--   'paid'               the booking went pending_payment -> paid (its dates now count as paid)
--   'already_recorded'   this payment was applied before (a replayed webhook, verify after webhook)
--   'dates_unavailable'  the hold had lapsed and another stay has the dates: booking cancelled, refund due
--   'not_payable'        the booking was cancelled/declined before the money arrived: refund due
--   'duplicate_payment'  the booking was already paid by another session: refund due
--   'refund_due'         a refund for this payment was decided earlier but not confirmed by Stripe yet
--   'unknown_booking'    no such booking
-- Every refund decision inserts its booking_refunds row in the same transaction, so a replay (or a
-- crash between deciding and calling Stripe) finds it and finishes the refund with the same key.
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
begin
  select * into booking from public.bookings where id = p_booking_id for update;
  if not found then
    return 'unknown_booking';
  end if;
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

-- Claims the refund of one payment: returns the row to refund (new or not yet confirmed by Stripe),
-- or nothing when a refund for that payment already succeeded.
create or replace function public.claim_booking_refund(
  p_booking_id uuid,
  p_payment_intent_id text,
  p_reason text
)
returns setof public.booking_refunds
language plpgsql
set search_path = ''
as $$
begin
  insert into public.booking_refunds (booking_id, stripe_payment_intent_id, reason)
  values (p_booking_id, p_payment_intent_id, p_reason)
  on conflict (stripe_payment_intent_id) do nothing;
  return query
  select * from public.booking_refunds r
  where r.stripe_payment_intent_id = p_payment_intent_id and r.status not in ('succeeded', 'pending');
end
$$;

-- Cancels a booking still waiting for payment when its current Checkout Session ended unpaid
-- (expired or abandoned); its hold goes with it. An older session ending changes nothing.
create or replace function public.release_booking_checkout(p_booking_id uuid, p_session_id text)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  released boolean;
begin
  update public.bookings b set status = 'cancelled'
  where b.id = p_booking_id and b.status = 'pending_payment'
    and not exists (
      select 1 from public.booking_checkouts newer
      where newer.booking_id = b.id
        and newer.attempt > (select c.attempt from public.booking_checkouts c where c.stripe_checkout_session_id = p_session_id)
    )
    and exists (select 1 from public.booking_checkouts c where c.booking_id = b.id and c.stripe_checkout_session_id = p_session_id)
  returning true into released;
  return coalesce(released, false);
end
$$;

revoke all on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.record_checkout_session(uuid, text) from public, anon, authenticated;
revoke all on function public.settle_booking_payment(uuid, text, text) from public, anon, authenticated;
revoke all on function public.claim_booking_refund(uuid, text, text) from public, anon, authenticated;
revoke all on function public.release_booking_checkout(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz) to service_role;
grant execute on function public.record_checkout_session(uuid, text) to service_role;
grant execute on function public.settle_booking_payment(uuid, text, text) to service_role;
grant execute on function public.claim_booking_refund(uuid, text, text) to service_role;
grant execute on function public.release_booking_checkout(uuid, text) to service_role;
