-- A user who turned on two-factor sign-in reaches their data only from an aal2 session
-- (docs/decisions/mfa-aal2.md). Supabase's "Enforce MFA for some users" pattern: a RESTRICTIVE policy
-- on every table with personal data or money, so the password alone (an aal1 session) reads and writes
-- nothing there; users without a verified factor keep working at aal1.

-- True when the caller's JWT carries the assurance level their account needs: aal2 once they have a
-- verified factor, aal1 or aal2 otherwise. A token without the claim (GoTrue always sets it; hand-signed
-- tokens may not) counts as aal1: never enough for a protected account. SECURITY DEFINER because
-- clients cannot read auth.mfa_factors; policies call it as `(select private.has_required_aal())`, so it
-- runs once per statement, not once per row.
create or replace function private.has_required_aal()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select array[coalesce(auth.jwt() ->> 'aal', 'aal1')] <@ (
    select case when count(f.id) > 0 then array['aal2'] else array['aal1', 'aal2'] end
    from auth.mfa_factors f
    where f.user_id = (select auth.uid()) and f.status = 'verified'
  )
$$;

revoke all on function private.has_required_aal() from public;
grant execute on function private.has_required_aal() to authenticated, service_role;

-- ------------------------------------------------------------------------------ every command

-- Personal data and money: nothing is read or written at aal1.
do $$
declare
  t text;
begin
  foreach t in array array[
    'profiles', 'user_roles', 'bookings', 'messages', 'house_chat_reads',
    'booking_checkouts', 'booking_refunds', 'booking_payments', 'booking_emails', 'stripe_customers',
    'push_subscriptions', 'notification_preferences', 'push_outbox'
  ] loop
    execute format(
      'create policy %I on public.%I as restrictive for all to authenticated
         using ((select private.has_required_aal())) with check ((select private.has_required_aal()))',
      t || '_require_aal', t
    );
  end loop;
end
$$;

-- ------------------------------------------------------------------------------ writes only

-- Listings and reviews are public reading (anon reads them too); writing them as their author needs aal2.
do $$
declare
  t text;
  command text;
begin
  foreach t in array array['properties', 'rooms', 'reviews', 'property_reviews'] loop
    foreach command in array array['insert', 'update', 'delete'] loop
      execute format(
        'create policy %I on public.%I as restrictive for %s to authenticated %s',
        t || '_' || command || '_require_aal', t, command,
        case command
          when 'insert' then 'with check ((select private.has_required_aal()))'
          when 'update' then 'using ((select private.has_required_aal())) with check ((select private.has_required_aal()))'
          else 'using ((select private.has_required_aal()))'
        end
      );
    end loop;
  end loop;
end
$$;

-- Photos: public files are served by the public endpoint (no policy); listing, uploading, replacing and
-- deleting them as their owner or host needs aal2.
create policy "nomadnest photos: aal2 when two-factor is on" on storage.objects
  as restrictive for all to authenticated
  using ((select private.has_required_aal())) with check ((select private.has_required_aal()));

-- ------------------------------------------------------------------------------ SECURITY DEFINER RPCs

-- These bypass row policies, so they ask themselves. Bodies as in 20250601001210 and 20250601001800,
-- with the assurance check added.

create or replace function public.get_housemates(p_property_id uuid)
returns table (
  user_id uuid,
  first_initial text,
  age_band text,
  profession text,
  work_timezone text,
  interests text[],
  check_in date,
  check_out date
)
language sql
stable
security definer
set search_path = ''
as $$
  select h.user_id, h.first_initial, h.age_band, h.profession, h.work_timezone, h.interests, h.check_in, h.check_out
  from (
    select distinct on (b.user_id)
      b.user_id,
      upper(left(btrim(pr.name), 1)) as first_initial,
      case when pr.age is null then null
        else (pr.age / 5 * 5)::text || '-' || (pr.age / 5 * 5 + 4)::text end as age_band,
      pr.profession,
      pr.work_timezone,
      coalesce(pr.interests[1:3], '{}') as interests,
      b.check_in,
      b.check_out
    from public.bookings b
    join public.profiles pr on pr.id = b.user_id
    where (select private.has_required_aal())
      and b.property_id = p_property_id
      and b.status in ('accepted', 'completed')
      and b.deleted_at is null
      and b.check_in < current_date + 90
      and b.check_out > current_date
      and pr.show_in_whos_staying
      and pr.deleted_at is null
      and b.user_id is distinct from (select auth.uid())
      and (
        exists (select 1 from public.properties p where p.id = p_property_id and p.host_id = (select auth.uid()))
        or exists (
          select 1 from public.bookings mine
          where mine.property_id = p_property_id and mine.user_id = (select auth.uid())
            and mine.status in ('accepted', 'completed') and mine.deleted_at is null
            and mine.check_out > current_date
        )
      )
    order by b.user_id, b.check_in
  ) h
  order by h.check_in, h.user_id
$$;

-- A push subscription sends the user's message previews to a browser: registering one needs aal2.
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
  if not private.has_required_aal() then
    raise exception 'Verify your second factor to receive notifications' using errcode = '42501';
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
