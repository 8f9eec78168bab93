-- Web Push for messages and booking decisions (docs/decisions/push-notifications.md).
--
-- Browsers register their PushSubscription (register_push_subscription); triggers on messages and
-- bookings write what to send into push_outbox (the one place of the rules: who is told, preferences,
-- the house chat batching, the payload); the send-push function claims due rows, encrypts and sends
-- them. Locally the stand-in's dispatcher runs send-push on `pg_notify('push_outbox')`; on hosted
-- Supabase the outbox trigger calls it through pg_net and pg_cron runs it every minute (end of file).

-- ------------------------------------------------------------------------------ house members

-- House membership of any user, so the house chat pushes and RLS (is_house_member) share one rule.
create or replace function private.is_house_member_of(p_property_id uuid, p_user_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_user_id is not null and (
    exists (select 1 from public.properties p where p.id = p_property_id and p.host_id = p_user_id)
    or exists (
      select 1 from public.bookings b
      where b.property_id = p_property_id
        and b.user_id = p_user_id
        and b.status in ('accepted', 'completed')
        and b.deleted_at is null
        and b.check_in <= current_date + 14
        and b.check_out > current_date
    )
  )
$$;

revoke all on function private.is_house_member_of(uuid, uuid) from public;
grant execute on function private.is_house_member_of(uuid, uuid) to service_role;

create or replace function public.is_house_member(p_property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_house_member_of(p_property_id, (select auth.uid()))
$$;

-- ------------------------------------------------------------------------------ subscriptions

-- Endpoints: https on the browsers' push services only (Chrome, Opera, Samsung: FCM; Firefox: Mozilla;
-- Safari: Apple; Edge: Windows), so send-push cannot be made to POST to any other host a user names;
-- or plain http on a loopback host, which is only the stand-in's push double
-- (http://127.0.0.1:<port>/push/v1/send/…). send-push itself sends to a non-https endpoint only when
-- SUPABASE_URL is a loopback http URL too, so on hosted Supabase such a row is never contacted.
create or replace function private.is_push_endpoint(p_endpoint text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_endpoint is not null and char_length(p_endpoint) <= 2048 and (
    p_endpoint ~ '^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com|[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com)(:443)?/[^\s]*$'
    or p_endpoint ~ '^http://(127\.0\.0\.1|localhost|\[::1\])(:[0-9]{1,5})?/[^\s]*$'
  )
$$;

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  endpoint text not null unique,
  -- base64url without padding: an uncompressed P-256 point (65 bytes, 0x04 first) and a 16-byte secret
  p256dh text not null,
  auth text not null,
  user_agent text,
  created_at timestamptz not null default now(),
  last_success_at timestamptz,
  constraint push_subscriptions_endpoint check (private.is_push_endpoint(endpoint)),
  constraint push_subscriptions_p256dh check (p256dh ~ '^B[A-Za-z0-9_-]{86}$'),
  constraint push_subscriptions_auth check (auth ~ '^[A-Za-z0-9_-]{22}$'),
  constraint push_subscriptions_user_agent_length check (char_length(user_agent) <= 512)
);

create index push_subscriptions_user_idx on public.push_subscriptions (user_id);

alter table public.push_subscriptions enable row level security;

create policy push_subscriptions_select_own on public.push_subscriptions
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy push_subscriptions_delete_own on public.push_subscriptions
  for delete to authenticated
  using (user_id = (select auth.uid()));

-- Rows are written only by register_push_subscription (it takes an endpoint over from another user).
revoke all on public.push_subscriptions from anon, authenticated;
grant select, delete on public.push_subscriptions to authenticated;
grant all on public.push_subscriptions to service_role;

-- A browser keeps one subscription per application server key; a user keeps at most this many devices.
create or replace function public.register_push_subscription(p_endpoint text, p_p256dh text, p_auth text, p_user_agent text default null)
returns public.push_subscriptions
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  key text := rtrim(btrim(coalesce(p_p256dh, '')), '=');
  secret text := rtrim(btrim(coalesce(p_auth, '')), '=');
  saved public.push_subscriptions;
begin
  if uid is null then
    raise exception 'Sign in to receive notifications' using errcode = '42501';
  end if;
  if not private.is_push_endpoint(p_endpoint) then
    raise exception 'The push endpoint must be an https URL of a browser push service' using errcode = '22023';
  end if;
  if key !~ '^B[A-Za-z0-9_-]{86}$' then
    raise exception 'p256dh must be the base64url of an uncompressed P-256 public key (65 bytes)' using errcode = '22023';
  end if;
  if secret !~ '^[A-Za-z0-9_-]{22}$' then
    raise exception 'auth must be the base64url of a 16-byte secret' using errcode = '22023';
  end if;

  -- The endpoint belongs to whoever is signed in on that browser now.
  delete from public.push_subscriptions where endpoint = p_endpoint and user_id <> uid;
  insert into public.push_subscriptions (user_id, endpoint, p256dh, auth, user_agent)
  values (uid, p_endpoint, key, secret, left(p_user_agent, 512))
  on conflict (endpoint) do update
    set p256dh = excluded.p256dh, auth = excluded.auth, user_agent = excluded.user_agent, created_at = now()
  returning * into saved;

  -- Ten devices per user: the least recently registered beyond that are forgotten.
  delete from public.push_subscriptions s
  where s.id in (
    select id from public.push_subscriptions where user_id = uid order by created_at desc, id offset 10
  );
  return saved;
end
$$;

revoke all on function public.register_push_subscription(text, text, text, text) from public, anon;
grant execute on function public.register_push_subscription(text, text, text, text) to authenticated;

-- ------------------------------------------------------------------------------ preferences

-- A missing row means every kind is on.
create table public.notification_preferences (
  user_id uuid primary key default auth.uid() references public.profiles (id) on delete cascade,
  messages boolean not null default true,
  booking_updates boolean not null default true,
  house_chat boolean not null default true,
  updated_at timestamptz not null default now()
);

create or replace function private.tg_notification_preferences_touch()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

create trigger notification_preferences_touch
  before insert or update on public.notification_preferences
  for each row execute function private.tg_notification_preferences_touch();

alter table public.notification_preferences enable row level security;

create policy notification_preferences_select_own on public.notification_preferences
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy notification_preferences_insert_own on public.notification_preferences
  for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy notification_preferences_update_own on public.notification_preferences
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on public.notification_preferences from anon, authenticated;
grant select on public.notification_preferences to authenticated;
grant insert (user_id, messages, booking_updates, house_chat) on public.notification_preferences to authenticated;
-- user_id too, so a REST upsert (which sets every column it sends) works; the policy keeps it one's own.
grant update (user_id, messages, booking_updates, house_chat) on public.notification_preferences to authenticated;
grant all on public.notification_preferences to service_role;

-- ------------------------------------------------------------------------------ outbox

-- What send-push sends. One pending (unclaimed) row per recipient and topic: a newer message of the same
-- chat replaces the pending one's payload, as the push service's Topic replaces an undelivered push.
-- Sent and dropped rows are kept a day: the house chat batching reads when the last push went out.
create table public.push_outbox (
  id uuid primary key default gen_random_uuid(),
  recipient_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null,
  -- RFC 8030 §5.4 Topic, also the notification's tag: one per chat (or booking), per recipient's view
  topic text not null,
  -- the house of a house_chat row (the batching key with the recipient)
  property_id uuid references public.properties (id) on delete cascade,
  -- messages a house_chat row stands for
  message_count integer not null default 1,
  -- { kind, title, body, icon, url, tag }; send-push adds badge at send time
  payload jsonb not null,
  not_before timestamptz not null default now(),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  -- set while a send-push run holds the row; a claim older than 5 minutes is taken again
  claimed_at timestamptz,
  attempts integer not null default 0,
  last_error text,
  sent_at timestamptz,
  -- given up: no subscription took it, or retries spent
  dropped_at timestamptz,
  constraint push_outbox_kind check (kind in ('message', 'house_chat', 'booking')),
  constraint push_outbox_topic check (topic ~ '^[A-Za-z0-9_-]{1,32}$'),
  constraint push_outbox_house check ((kind = 'house_chat') = (property_id is not null)),
  constraint push_outbox_count check (message_count >= 1),
  constraint push_outbox_error_length check (char_length(last_error) <= 500)
);

create unique index push_outbox_one_pending_idx on public.push_outbox (recipient_id, topic)
  where sent_at is null and dropped_at is null and claimed_at is null;
create index push_outbox_due_idx on public.push_outbox (not_before) where sent_at is null and dropped_at is null;
create index push_outbox_history_idx on public.push_outbox (recipient_id, topic, sent_at);

alter table public.push_outbox enable row level security;
revoke all on public.push_outbox from anon, authenticated;
grant all on public.push_outbox to service_role;

-- Collapses whitespace and cuts a preview at 120 characters.
create or replace function private.push_preview(p_text text)
returns text
language sql
immutable
set search_path = ''
as $$
  select case when char_length(t) > 120 then rtrim(left(t, 119)) || '…' else t end
  from (select btrim(regexp_replace(coalesce(p_text, ''), '\s+', ' ', 'g')) as t) s
$$;

-- A topic from a conversation key: md5 in hex is 32 characters of the base64url alphabet.
create or replace function private.push_topic(p_key text)
returns text
language sql
immutable
set search_path = ''
as $$
  select md5(p_key)
$$;

-- Writes one row per recipient who wants this kind and has a subscription. House chat: if the recipient
-- was sent (or is being sent) a push of this house less than 10 minutes ago, the row waits until 10
-- minutes after it; meanwhile further messages fold into that one pending row with their count.
create or replace function private.enqueue_push(p_recipients uuid[], p_kind text, p_topic text, p_property_id uuid, p_payload jsonb)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  insert into public.push_outbox as o (recipient_id, kind, topic, property_id, payload, not_before)
  select r.id, p_kind, p_topic, p_property_id, p_payload,
    case when p_kind = 'house_chat' then greatest(now(), coalesce((
      select max(coalesce(prior.sent_at, prior.claimed_at)) + interval '10 minutes'
      from public.push_outbox prior
      where prior.recipient_id = r.id and prior.topic = p_topic and prior.kind = 'house_chat' and prior.dropped_at is null
        and (prior.sent_at is not null or prior.claimed_at is not null)
    ), now())) else now() end
  from (select distinct unnest(p_recipients) as id) r
  where r.id is not null
    and exists (select 1 from public.push_subscriptions s where s.user_id = r.id)
    and coalesce((
      select case p_kind when 'message' then np.messages when 'house_chat' then np.house_chat else np.booking_updates end
      from public.notification_preferences np where np.user_id = r.id
    ), true)
  on conflict (recipient_id, topic) where sent_at is null and dropped_at is null and claimed_at is null
  do update set
    message_count = case when excluded.kind = 'house_chat' then o.message_count + 1 else 1 end,
    payload = case when excluded.kind = 'house_chat'
      then jsonb_set(excluded.payload, '{body}', to_jsonb(private.push_preview(format('%s new messages in %s · %s',
        o.message_count + 1, excluded.payload ->> 'title', excluded.payload ->> 'body'))))
      else excluded.payload end,
    updated_at = now()
$$;

revoke all on function private.enqueue_push(uuid[], text, text, uuid, jsonb) from public;

-- After a message is written: the receiver of a direct message; every house member but the sender.
create or replace function private.tg_messages_enqueue_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  sender public.profiles;
  house public.properties;
  topic text;
begin
  if new.deleted_at is not null then
    return null;
  end if;
  select * into sender from public.profiles where id = new.sender_id;
  if new.conversation_type = 'house' then
    select * into house from public.properties where id = new.property_id;
    topic := private.push_topic('house:' || new.property_id);
    perform private.enqueue_push(
      array(
        select c.id from (
          select house.host_id as id
          union select b.user_id from public.bookings b where b.property_id = new.property_id and b.deleted_at is null
        ) c
        where c.id is distinct from new.sender_id and private.is_house_member_of(new.property_id, c.id)
      ),
      'house_chat', topic, new.property_id,
      jsonb_build_object(
        'kind', 'house_chat',
        'title', house.name,
        'body', private.push_preview(coalesce(sender.name, 'Someone') || ': ' || new.text),
        'icon', coalesce(sender.profile_photo, house.photos[1]),
        'url', '/messages?house=' || new.property_id,
        'tag', topic
      )
    );
  else
    topic := private.push_topic('dm:' || new.conversation_type || ':' || least(new.sender_id, new.receiver_id) || ':' || greatest(new.sender_id, new.receiver_id));
    perform private.enqueue_push(
      array[new.receiver_id], 'message', topic, null,
      jsonb_build_object(
        'kind', 'message',
        'title', coalesce(sender.name, 'New message'),
        'body', private.push_preview(new.text),
        'icon', sender.profile_photo,
        'url', '/messages?conversation=' || new.sender_id || case when new.conversation_type = 'guest_guest' then '&type=guest_guest' else '' end,
        'tag', topic
      )
    );
  end if;
  return null;
end
$$;

create trigger messages_enqueue_push
  after insert on public.messages
  for each row execute function private.tg_messages_enqueue_push();

-- After a booking's status changes: paid → the host has a request to decide (product.md §4.3);
-- accepted or declined → the guest is told.
create or replace function private.tg_bookings_enqueue_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  house public.properties;
  guest_name text;
  dates text;
  topic text := private.push_topic('booking:' || new.id);
begin
  if new.status is not distinct from old.status or new.status not in ('paid', 'accepted', 'declined') or new.deleted_at is not null then
    return null;
  end if;
  select * into house from public.properties where id = new.property_id;
  dates := to_char(new.check_in, 'Mon FMDD') || ' – ' || to_char(new.check_out, 'Mon FMDD, YYYY');
  if new.status = 'paid' then
    select name into guest_name from public.profiles where id = new.user_id;
    perform private.enqueue_push(array[house.host_id], 'booking', topic, null, jsonb_build_object(
      'kind', 'booking', 'title', 'New booking request',
      'body', private.push_preview(format('%s requested %s, %s. Awaiting your acceptance.', coalesce(guest_name, 'A guest'), house.name, dates)),
      'icon', house.photos[1], 'url', '/dashboard', 'tag', topic));
  else
    perform private.enqueue_push(array[new.user_id], 'booking', topic, null, jsonb_build_object(
      'kind', 'booking',
      'title', case new.status when 'accepted' then 'Booking accepted' else 'Booking declined' end,
      'body', private.push_preview(case new.status
        when 'accepted' then format('Your stay at %s, %s, is confirmed.', house.name, dates)
        else format('The host declined your request for %s, %s.', house.name, dates) end),
      'icon', house.photos[1], 'url', '/dashboard', 'tag', topic));
  end if;
  return null;
end
$$;

create trigger bookings_enqueue_push
  after update of status on public.bookings
  for each row execute function private.tg_bookings_enqueue_push();

-- One notification per statement that queued a push due now (not a batched one, not a merge into a
-- pending row): the stand-in's dispatcher runs send-push on it.
create or replace function private.tg_push_outbox_notify()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from queued where not_before <= now()) then
    perform pg_notify('push_outbox', 'queued');
  end if;
  return null;
end
$$;

create trigger push_outbox_notify
  after insert on public.push_outbox
  referencing new table as queued
  for each statement execute function private.tg_push_outbox_notify();

-- ------------------------------------------------------------------------------ send-push's calls

-- Claims the rows due at p_now (the scheduler's clock; the stand-in can move it forward) and ones a dead
-- run left claimed for 5 minutes. A second run meanwhile skips them (row lock, then claimed_at), so a
-- row is sent once. The badge is the recipient's unread direct messages now. Also forgets day-old rows.
create or replace function public.claim_push_outbox(p_now timestamptz, p_limit integer default 100)
returns table (id uuid, recipient_id uuid, kind text, topic text, payload jsonb, attempts integer)
language plpgsql
volatile
set search_path = ''
as $$
begin
  delete from public.push_outbox o where o.sent_at < now() - interval '1 day' or o.dropped_at < now() - interval '1 day';
  return query
  with due as (
    select o.id from public.push_outbox o
    where o.sent_at is null and o.dropped_at is null and o.not_before <= p_now
      and (o.claimed_at is null or o.claimed_at < now() - interval '5 minutes')
    order by o.not_before
    limit p_limit
    for update skip locked
  ), claimed as (
    update public.push_outbox o
    set claimed_at = now(), attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.*
  )
  select c.id, c.recipient_id, c.kind, c.topic,
    c.payload || jsonb_build_object('badge', (
      select count(*)::integer from public.messages m
      where m.receiver_id = c.recipient_id and m.read_at is null and m.deleted_at is null
    )),
    c.attempts
  from claimed c;
end
$$;

-- Records a claimed row's outcome: 'sent', 'dropped' (nothing will take it), or 'retry' (429, 5xx, network):
-- again after 1, 2, 4, … minutes (at most an hour), dropped after the 5th attempt. A row retried while a
-- newer one of its chat waits folds into that one. Returns the row's state afterwards.
create or replace function public.record_push_result(p_outbox_id uuid, p_outcome text, p_error text default null)
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  item public.push_outbox;
begin
  select * into item from public.push_outbox where id = p_outbox_id for update;
  if not found or item.sent_at is not null or item.dropped_at is not null then
    return null;
  end if;
  if p_outcome = 'sent' then
    update public.push_outbox set sent_at = now(), last_error = left(p_error, 500), updated_at = now() where id = p_outbox_id;
    return 'sent';
  elsif p_outcome = 'dropped' or (p_outcome = 'retry' and item.attempts >= 5) then
    update public.push_outbox set dropped_at = now(), last_error = left(p_error, 500), updated_at = now() where id = p_outbox_id;
    return 'dropped';
  elsif p_outcome = 'retry' then
    update public.push_outbox o set message_count = o.message_count + case when o.kind = 'house_chat' then item.message_count else 0 end
    where o.recipient_id = item.recipient_id and o.topic = item.topic and o.id <> item.id
      and o.sent_at is null and o.dropped_at is null and o.claimed_at is null;
    if found then
      update public.push_outbox set dropped_at = now(), last_error = 'superseded', updated_at = now() where id = p_outbox_id;
      return 'dropped';
    end if;
    update public.push_outbox
    set claimed_at = null, last_error = left(p_error, 500), updated_at = now(),
        not_before = now() + least(interval '1 minute' * power(2, item.attempts - 1), interval '1 hour')
    where id = p_outbox_id;
    return 'retry';
  end if;
  raise exception 'unknown outcome %', p_outcome using errcode = '22023';
end
$$;

revoke all on function public.claim_push_outbox(timestamptz, integer), public.record_push_result(uuid, text, text) from public, anon, authenticated;
grant execute on function public.claim_push_outbox(timestamptz, integer), public.record_push_result(uuid, text, text) to service_role;

-- ------------------------------------------------------------------------------ hosted wiring

-- Hosted Supabase: send-push right after a push is queued (pg_net, from an AFTER statement trigger, so a
-- house message to twenty members is one call) and every minute from pg_cron for batched rows and
-- retries. URL and key come from Vault (README "Push notifications"): until both secrets exist nothing
-- is called. Where pg_cron or pg_net is not available (the stand-in runs both itself) this only says so.
do $do$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or not exists (select 1 from pg_namespace where nspname = 'vault')
     or current_setting('shared_preload_libraries', true) not like '%pg_cron%' then
    raise notice 'pg_cron, pg_net or vault not available: send-push is not called from the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;

  create or replace function private.call_send_push()
  returns void
  language sql
  security definer
  set search_path = ''
  as $fn$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/send-push',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'send_push_key')
      ),
      body := '{}'::jsonb
    )
    where exists (select 1 from vault.decrypted_secrets where name = 'project_url')
      and exists (select 1 from vault.decrypted_secrets where name = 'send_push_key');
  $fn$;
  revoke all on function private.call_send_push() from public;

  create or replace function private.tg_push_outbox_call_send_push()
  returns trigger
  language plpgsql
  security definer
  set search_path = ''
  as $fn$
  begin
    if exists (select 1 from queued where not_before <= now()) then
      perform private.call_send_push();
    end if;
    return null;
  end
  $fn$;

  create trigger push_outbox_call_send_push
    after insert on public.push_outbox
    referencing new table as queued
    for each statement execute function private.tg_push_outbox_call_send_push();

  perform cron.schedule(
    'send-push',
    '* * * * *',
    $job$ select private.call_send_push(); $job$
  );
end
$do$;
