-- Paying a stay month by month (docs/decisions/pay-monthly.md). The first payment goes through Stripe
-- Checkout, which saves the card; charge-due-payments charges the next ones off-session on their due
-- dates and retries a failed one after 1, 3 and 7 days. The schedule's arithmetic and the retry rule live
-- in TypeScript (supabase/functions/_shared/domain/payment-schedule.ts); these functions only store what
-- the server functions computed, under the booking's row lock.
--
-- Guests and hosts read their bookings' payments (mirrored on the device); only the service role writes.

alter table public.bookings
  add column payment_plan text not null default 'full',
  add constraint bookings_payment_plan check (payment_plan in ('full', 'monthly'));

comment on column public.bookings.payment_plan is
  'full: the total at checkout. monthly: booking_payments holds the schedule (set by the checkout function only).';

-- The Stripe Customer of each guest who saved a card (server functions only).
create table public.stripe_customers (
  user_id uuid primary key references auth.users (id) on delete cascade,
  stripe_customer_id text not null unique,
  created_at timestamptz not null default now()
);

create table public.booking_payments (
  id uuid primary key default gen_random_uuid(),
  booking_id uuid not null references public.bookings (id) on delete cascade,
  sequence integer not null,
  amount_cents integer not null,
  platform_fee_cents integer not null,
  -- The day the payment is charged; the first payment's is the day the guest booked.
  due_date date not null,
  status text not null default 'scheduled',
  attempts integer not null default 0,
  -- After a failure: when the scheduler charges again (null once the retries are spent).
  next_attempt_at timestamptz,
  last_error_code text,
  last_error_message text,
  paid_at timestamptz,
  stripe_payment_intent_id text unique,
  -- "Pay now" after a failure: the guest's current Checkout Session for this payment.
  stripe_checkout_session_id text unique,
  checkout_expires_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint booking_payments_sequence unique (booking_id, sequence),
  constraint booking_payments_sequence_positive check (sequence >= 1),
  constraint booking_payments_amount check (amount_cents >= 50),
  constraint booking_payments_fee check (platform_fee_cents between 0 and amount_cents),
  constraint booking_payments_status check (status in ('scheduled', 'processing', 'paid', 'failed', 'cancelled')),
  constraint booking_payments_paid_has_intent check (status <> 'paid' or stripe_payment_intent_id is not null),
  constraint booking_payments_error_length check (char_length(last_error_message) <= 500)
);

comment on table public.booking_payments is
  'Monthly payments of a booking (payment_plan = monthly). status: scheduled -> processing -> paid | failed (retried at next_attempt_at); cancelled when the booking is declined or cancelled, or the stay ended.';

create index booking_payments_due_idx on public.booking_payments (due_date) where status = 'scheduled';
create index booking_payments_retry_idx on public.booking_payments (next_attempt_at) where status = 'failed';
create index booking_payments_updated_idx on public.booking_payments (updated_at, id);

create trigger booking_payments_sync_columns
  before insert or update on public.booking_payments
  for each row execute function public.tg_set_sync_columns();

alter table public.stripe_customers enable row level security;
alter table public.booking_payments enable row level security;

-- Visible exactly when its booking is (the bookings policy, applied in the subquery: guest and host).
create policy booking_payments_select_party on public.booking_payments
  for select to authenticated
  using (exists (select 1 from public.bookings b where b.id = booking_payments.booking_id));

revoke all on public.stripe_customers, public.booking_payments from anon, authenticated;
grant select on public.booking_payments to authenticated;
grant all on public.stripe_customers, public.booking_payments to service_role;

-- ------------------------------------------------------------------------------------ schedule

-- Stores the plan chosen at checkout and, for a monthly plan, its schedule (p_payments: a JSON array
-- of {sequence, amount_cents, platform_fee_cents, due_date}) in place of any unpaid one before it.
-- Only while the booking waits for its first payment.
create or replace function public.plan_booking_payments(p_booking_id uuid, p_user_id uuid, p_plan text, p_payments jsonb)
returns void
language plpgsql
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select * into booking from public.bookings where id = p_booking_id and deleted_at is null for update;
  if not found or booking.user_id is distinct from p_user_id then
    raise exception 'booking_not_found' using errcode = 'P0002';
  end if;
  if booking.status <> 'pending_payment' then
    raise exception 'booking_not_payable' using errcode = 'P0001', detail = booking.status;
  end if;
  update public.bookings set payment_plan = p_plan where id = p_booking_id and payment_plan is distinct from p_plan;
  delete from public.booking_payments where booking_id = p_booking_id;
  if p_plan = 'monthly' then
    insert into public.booking_payments (booking_id, sequence, amount_cents, platform_fee_cents, due_date)
    select p_booking_id, (p ->> 'sequence')::integer, (p ->> 'amount_cents')::integer,
           (p ->> 'platform_fee_cents')::integer, (p ->> 'due_date')::date
    from jsonb_array_elements(p_payments) as p;
  end if;
end
$$;

-- The booking's payments follow its status: the first is paid with the booking (its Checkout payment),
-- and a declined or cancelled booking charges nothing more.
create or replace function public.tg_bookings_payments_follow_status()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.payment_plan <> 'monthly' or new.status is not distinct from old.status then
    return new;
  end if;
  if new.status = 'paid' and new.stripe_payment_intent_id is not null then
    update public.booking_payments
    set status = 'paid', stripe_payment_intent_id = new.stripe_payment_intent_id, paid_at = coalesce(new.paid_at, now()),
        attempts = greatest(attempts, 1), next_attempt_at = null, last_error_code = null, last_error_message = null
    where booking_id = new.id and sequence = 1 and status <> 'paid';
  elsif new.status in ('declined', 'cancelled') then
    update public.booking_payments set status = 'cancelled', next_attempt_at = null
    where booking_id = new.id and status in ('scheduled', 'failed');
  end if;
  return new;
end
$$;

create trigger bookings_payments_follow_status
  after update of status on public.bookings
  for each row execute function public.tg_bookings_payments_follow_status();

-- ------------------------------------------------------------------------------------ charging

-- Claims the payments to charge at p_now (the scheduler's clock: the stand-in can move it forward):
-- scheduled ones whose due date has come and failed ones whose retry time has come, of stays the host
-- accepted; also ones left 'processing' for 15 minutes by a run that died (charged again with the same
-- attempt number, so the same Stripe idempotency key). Each claimed row is marked processing with its
-- attempt counted; a second run meanwhile skips it (row lock, then status), so a payment is charged once.
create or replace function public.claim_due_booking_payments(p_now timestamptz, p_limit integer default 50)
returns table (
  id uuid, booking_id uuid, sequence integer, amount_cents integer, platform_fee_cents integer, attempts integer,
  guest_id uuid, host_id uuid
)
language plpgsql
set search_path = ''
as $$
begin
  return query
  with due as (
    select p.id, (p.status = 'processing') as resumed
    from public.booking_payments p
    join public.bookings b on b.id = p.booking_id
    where b.status in ('accepted', 'completed') and b.deleted_at is null and p.sequence > 1
      and (
        (p.status = 'scheduled' and p.due_date <= p_now::date)
        or (p.status = 'failed' and p.next_attempt_at <= p_now)
        or (p.status = 'processing' and p.updated_at < now() - interval '15 minutes')
      )
    order by p.due_date, p.sequence
    limit p_limit
    for update of p skip locked
  ), claimed as (
    update public.booking_payments p
    set status = 'processing', attempts = case when due.resumed then p.attempts else p.attempts + 1 end
    from due where p.id = due.id
    returning p.*
  )
  select c.id, c.booking_id, c.sequence, c.amount_cents, c.platform_fee_cents, c.attempts, b.user_id, pr.host_id
  from claimed c
  join public.bookings b on b.id = c.booking_id
  join public.properties pr on pr.id = b.property_id;
end
$$;

-- Records what Stripe answered for a payment. 'paid' from any state but cancelled; 'failed' only over
-- the attempt that was being charged (a late failure cannot undo a success). p_next_attempt_at is the
-- retry time (null: no retries left). Returns the status the payment changed to, or null when this was
-- already recorded (a replayed webhook, the function and the webhook both reporting).
create or replace function public.record_booking_payment_result(
  p_payment_id uuid,
  p_outcome text,
  p_payment_intent_id text,
  p_error_code text default null,
  p_error_message text default null,
  p_next_attempt_at timestamptz default null
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  payment public.booking_payments;
begin
  select * into payment from public.booking_payments where id = p_payment_id for update;
  if not found then
    return null;
  end if;
  if p_outcome = 'paid' then
    if payment.status in ('paid', 'cancelled') then
      return null;
    end if;
    update public.booking_payments
    set status = 'paid', stripe_payment_intent_id = p_payment_intent_id, paid_at = now(), next_attempt_at = null,
        last_error_code = null, last_error_message = null
    where id = p_payment_id;
    return 'paid';
  elsif p_outcome = 'failed' then
    if payment.status <> 'processing' then
      return null;
    end if;
    update public.booking_payments
    set status = 'failed', next_attempt_at = p_next_attempt_at, last_error_code = p_error_code,
        last_error_message = left(p_error_message, 500),
        stripe_payment_intent_id = coalesce(p_payment_intent_id, stripe_payment_intent_id)
    where id = p_payment_id;
    return 'failed';
  end if;
  raise exception 'unknown outcome %', p_outcome using errcode = '22023';
end
$$;

-- ------------------------------------------------------------------------------------ pay now

-- The Checkout Session a guest pays a failed payment with: the current one while it has at least
-- 5 minutes left, else a new expiry (p_expires_at) whose epoch names the new session's idempotency key.
-- Raises P0002 for a payment that is not the guest's, P0001 'payment_not_payable' unless it failed.
create or replace function public.begin_payment_checkout(p_payment_id uuid, p_user_id uuid, p_expires_at timestamptz)
returns setof public.booking_payments
language plpgsql
set search_path = ''
as $$
declare
  payment public.booking_payments;
begin
  select p.* into payment from public.booking_payments p
  join public.bookings b on b.id = p.booking_id
  where p.id = p_payment_id and b.user_id = p_user_id and b.deleted_at is null
  for update of p;
  if not found then
    raise exception 'payment_not_found' using errcode = 'P0002';
  end if;
  if payment.status <> 'failed' then
    raise exception 'payment_not_payable' using errcode = 'P0001', detail = payment.status;
  end if;
  if payment.checkout_expires_at is null or payment.checkout_expires_at <= now() + interval '5 minutes' then
    update public.booking_payments set checkout_expires_at = p_expires_at, stripe_checkout_session_id = null
    where id = p_payment_id
    returning * into payment;
  end if;
  return next payment;
end
$$;

-- A paid "Pay now" session: the payment is paid, unless it was paid or cancelled meanwhile, in which
-- case the money goes back ('duplicate_payment', its refund row recorded here like settle_booking_payment).
create or replace function public.settle_payment_checkout(p_payment_id uuid, p_payment_intent_id text)
returns text
language plpgsql
set search_path = ''
as $$
declare
  payment public.booking_payments;
begin
  select * into payment from public.booking_payments where id = p_payment_id for update;
  if not found then
    return 'unknown_booking';
  end if;
  if payment.stripe_payment_intent_id = p_payment_intent_id and payment.status = 'paid' then
    return 'already_recorded';
  end if;
  if exists (select 1 from public.booking_refunds r where r.stripe_payment_intent_id = p_payment_intent_id) then
    return 'already_recorded';
  end if;
  if payment.status in ('paid', 'cancelled') then
    insert into public.booking_refunds (booking_id, stripe_payment_intent_id, reason)
    values (payment.booking_id, p_payment_intent_id, 'duplicate_payment');
    return 'duplicate_payment';
  end if;
  return public.record_booking_payment_result(p_payment_id, 'paid', p_payment_intent_id);
end
$$;

-- ------------------------------------------------------------------------------------ end stay

-- The host ends a stay whose payment failed after every retry (p_max_attempts, from the TypeScript
-- retry rule): the booking is cancelled, which releases its dates and cancels the payments still to
-- come; what was paid stays paid. Returns false when there is no such unpaid payment (nothing changes).
-- Raises P0002 for a booking that is not the host's.
create or replace function public.end_unpaid_stay(p_booking_id uuid, p_host_id uuid, p_max_attempts integer)
returns boolean
language plpgsql
set search_path = ''
as $$
declare
  booking public.bookings;
begin
  select b.* into booking from public.bookings b
  join public.properties p on p.id = b.property_id
  where b.id = p_booking_id and p.host_id = p_host_id and b.deleted_at is null
  for update of b;
  if not found then
    raise exception 'booking_not_found' using errcode = 'P0002';
  end if;
  if booking.status not in ('accepted', 'completed') or not exists (
    select 1 from public.booking_payments bp
    where bp.booking_id = p_booking_id and bp.status = 'failed' and bp.attempts >= p_max_attempts
  ) then
    return false;
  end if;
  update public.bookings set status = 'cancelled' where id = p_booking_id;
  return true;
end
$$;

revoke all on function public.plan_booking_payments(uuid, uuid, text, jsonb) from public, anon, authenticated;
revoke all on function public.tg_bookings_payments_follow_status() from public, anon, authenticated;
revoke all on function public.claim_due_booking_payments(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.record_booking_payment_result(uuid, text, text, text, text, timestamptz) from public, anon, authenticated;
revoke all on function public.begin_payment_checkout(uuid, uuid, timestamptz) from public, anon, authenticated;
revoke all on function public.settle_payment_checkout(uuid, text) from public, anon, authenticated;
grant execute on function public.plan_booking_payments(uuid, uuid, text, jsonb) to service_role;
grant execute on function public.claim_due_booking_payments(timestamptz, integer) to service_role;
grant execute on function public.record_booking_payment_result(uuid, text, text, text, text, timestamptz) to service_role;
grant execute on function public.begin_payment_checkout(uuid, uuid, timestamptz) to service_role;
grant execute on function public.settle_payment_checkout(uuid, text) to service_role;
revoke all on function public.end_unpaid_stay(uuid, uuid, integer) from public, anon, authenticated;
grant execute on function public.end_unpaid_stay(uuid, uuid, integer) to service_role;

-- The schedule updates live on the dashboard, like the booking's status.
do $$
begin
  if exists (select 1 from pg_publication where pubname = 'supabase_realtime')
     and not exists (select 1 from pg_publication_tables where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = 'booking_payments') then
    alter publication supabase_realtime add table public.booking_payments;
  end if;
end
$$;
