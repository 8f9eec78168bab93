-- Money rules from the security review (docs/decisions/checkout-session-matching.md):
--
-- * A Checkout Session pays its booking only if it matches what the booking asks for now: it is one of the
--   booking's recorded attempts, made for the booking's current plan, for the amount that plan asks (the
--   total paying in full, the first payment paying monthly), and Stripe took that amount. A paid session
--   that does not match is refunded ('stale_checkout'), never settled: a guest who asked for six months
--   monthly, then in full, then paid the forgotten monthly page, no longer gets the stay "paid in full" for
--   one month's price. (The checkout function also expires a booking's earlier open sessions.)
-- * A monthly payment paid twice (the guest's "Pay now" and the scheduler's retry at the same moment): the
--   success recorded second is refunded ('duplicate_payment') instead of being ignored with the money kept.

-- ------------------------------------------------------------------------------------ checkout attempts

-- The plan each attempt was made for. Attempts made before this column existed are read from their amount
-- (the total is what paying in full asks; a monthly first payment is always less).
alter table public.booking_checkouts add column payment_plan text not null default 'full';
update public.booking_checkouts c set payment_plan = 'monthly'
from public.bookings b
where b.id = c.booking_id and c.amount_cents <> round(b.total_price * 100);
alter table public.booking_checkouts
  add constraint booking_checkouts_payment_plan check (payment_plan in ('full', 'monthly'));

alter table public.booking_refunds drop constraint booking_refunds_reason;
alter table public.booking_refunds add constraint booking_refunds_reason
  check (reason in ('declined', 'dates_unavailable', 'booking_not_payable', 'duplicate_payment', 'stale_checkout', 'external'));

comment on table public.booking_refunds is
  'Refunds per payment. reason says why: declined by the host, dates_unavailable (the payment lost the dates race), booking_not_payable (paid after it was cancelled), duplicate_payment (paid twice), stale_checkout (a checkout page of a plan or amount the booking no longer asks for).';

-- begin_booking_checkout (booking money rules migration) with the attempt's plan: an attempt is resumed only
-- for the same plan, amount and destination. p_payment_plan comes last with a default so existing callers
-- keep their argument positions.
drop function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz);

create function public.begin_booking_checkout(
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
  p_expires_at timestamptz,
  p_payment_plan text default 'full'
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
     and latest.payment_plan = p_payment_plan
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
    destination_account, product_name, product_description, success_url, cancel_url, expires_at, payment_plan)
  values (p_booking_id, next_attempt, 'checkout-' || p_booking_id::text || '-' || next_attempt, p_amount_cents,
    p_application_fee_cents, p_destination_account, p_product_name, p_product_description, p_success_url, p_cancel_url,
    p_expires_at, p_payment_plan)
  returning *;
end
$$;

revoke all on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.begin_booking_checkout(uuid, uuid, numeric, integer, integer, text, text, text, text, text, timestamptz, text) to service_role;

-- ------------------------------------------------------------------------------------ settling a session

-- settle_booking_payment (payments and booking money rules migrations) with the session's amount
-- (p_amount_cents: Stripe's amount_total). Outcomes as before, plus:
--   'stale_checkout'  the session is not a recorded attempt of this booking, or was made for another plan or
--                     amount than the booking asks for now, or Stripe took another amount: refund due, the
--                     booking keeps waiting for its current checkout.
drop function public.settle_booking_payment(uuid, text, text);

create function public.settle_booking_payment(
  p_booking_id uuid,
  p_session_id text,
  p_payment_intent_id text,
  p_amount_cents integer
)
returns text
language plpgsql
set search_path = ''
as $$
declare
  booking public.bookings;
  attempt public.booking_checkouts;
  refund_id text;
  outcome text;
  room uuid;
  asked_cents integer;
begin
  select b.room_id into room from public.bookings b where b.id = p_booking_id;
  if room is null then
    return 'unknown_booking';
  end if;
  perform public.lock_room_dates(room);
  select * into booking from public.bookings where id = p_booking_id for update;
  update public.booking_checkouts c set stripe_payment_intent_id = p_payment_intent_id
  where c.stripe_checkout_session_id = p_session_id and c.booking_id = p_booking_id and c.stripe_payment_intent_id is null;
  select * into attempt from public.booking_checkouts c where c.stripe_checkout_session_id = p_session_id and c.booking_id = p_booking_id;
  -- What the booking asks its Checkout payment to be now: the total paying in full, the first payment of
  -- the schedule paying monthly (none: nothing matches).
  asked_cents := case booking.payment_plan
    when 'full' then round(booking.total_price * 100)::integer
    else (select p.amount_cents from public.booking_payments p where p.booking_id = p_booking_id and p.sequence = 1)
  end;

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
  elsif attempt.id is null
     or attempt.payment_plan is distinct from booking.payment_plan
     or attempt.amount_cents is distinct from p_amount_cents
     or attempt.amount_cents is distinct from asked_cents then
    outcome := 'stale_checkout';
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

revoke all on function public.settle_booking_payment(uuid, text, text, integer) from public, anon, authenticated;
grant execute on function public.settle_booking_payment(uuid, text, text, integer) to service_role;

-- ------------------------------------------------------------------------------------ monthly payments

-- record_booking_payment_result (monthly payments migration), now answering for money that arrives for a
-- payment that no longer wants it. Returns:
--   'paid' / 'failed'    the payment changed to that status
--   null                 already recorded (a replayed webhook, the charge call and the webhook both reporting)
--   'duplicate_payment'  another payment intent had already paid it (Pay now and the scheduler's retry at
--                        once): this one is refunded; its refund row is recorded here
--   'not_payable'        it was cancelled (the stay ended, the booking was declined): refunded likewise
--   'unknown_payment'    no such payment
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
  refund public.booking_refunds;
  outcome text;
begin
  select * into payment from public.booking_payments where id = p_payment_id for update;
  if not found then
    return 'unknown_payment';
  end if;
  if p_outcome = 'paid' then
    if payment.status = 'paid' and payment.stripe_payment_intent_id = p_payment_intent_id then
      return null;
    end if;
    if payment.status in ('paid', 'cancelled') then
      outcome := case payment.status when 'paid' then 'duplicate_payment' else 'not_payable' end;
      insert into public.booking_refunds (booking_id, stripe_payment_intent_id, reason)
      values (payment.booking_id, p_payment_intent_id, case outcome when 'not_payable' then 'booking_not_payable' else outcome end)
      on conflict (stripe_payment_intent_id) do nothing;
      -- Reported again once the refund is done: nothing left to do.
      select * into refund from public.booking_refunds r where r.stripe_payment_intent_id = p_payment_intent_id;
      return case when refund.stripe_refund_id is null then outcome end;
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

revoke all on function public.record_booking_payment_result(uuid, text, text, text, text, timestamptz) from public, anon, authenticated;
grant execute on function public.record_booking_payment_result(uuid, text, text, text, text, timestamptz) to service_role;
