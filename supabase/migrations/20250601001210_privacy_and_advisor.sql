-- Who may see and contact whom, tightened after a security review, and the database advisor's findings.
--
-- * Helpers that only row policies call live in the schema `private`, which the API does not expose:
--   policies still call them (by reference), but nobody can call them through /rest/v1/rpc.
-- * A reviewer's public face (name and photo) comes from get_review_authors(); writing a review no
--   longer opens the reviewer's profile row.
-- * A booking opens the two parties' profiles to each other only once it is paid (paid, the legacy
--   pending, accepted, completed): a throwaway unpaid or cancelled booking unmasks nobody.
-- * can_message rests on a relationship: a paid booking between the two, the other side wrote first,
--   housemates shown in Who's Staying, or an inquiry to a host who shows their profile
--   and lists a live property (the property page's Message Host; docs/decisions/who-can-message-whom.md).
-- * Who's Staying and housemate messaging need a current or upcoming stay (or hosting the property).
-- * A stay the host marked completed keeps its guest in the house chat until check-out.
-- * Only hosts (user_roles) may list a property. One permissive SELECT policy per role on properties
--   and rooms.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

alter function public.is_property_host(uuid) set schema private;
alter function public.can_see_profile(uuid) set schema private;
alter function public.is_visible_housemate(uuid) set schema private;
alter function public.can_message(uuid) set schema private;
alter function public.can_review_booking(uuid, text, uuid) set schema private;
alter function public.has_completed_stay(uuid) set schema private;
alter function public.is_host_of_storage_path(text) set schema private;

-- ------------------------------------------------------------------------------ house members

create or replace function public.is_house_member(p_property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select (select auth.uid()) is not null and (
    exists (select 1 from public.properties p where p.id = p_property_id and p.host_id = (select auth.uid()))
    or exists (
      select 1 from public.bookings b
      where b.property_id = p_property_id
        and b.user_id = (select auth.uid())
        and b.status in ('accepted', 'completed')
        and b.deleted_at is null
        and b.check_in <= current_date + 14
        and b.check_out > current_date
    )
  )
$$;

-- ---------------------------------------------------------------------------------- profiles

-- The two relationships both profile visibility and messaging rest on, stated once.
-- A host who shows their profile (is_visible_to_guests) and lists a live property: the public host card.
create or replace function private.is_shown_listing_host(p_target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.profiles t
    where t.id = p_target and t.is_visible_to_guests
      and exists (select 1 from public.properties p where p.host_id = t.id and p.deleted_at is null)
  )
$$;

-- A paid booking (paid, pending, accepted, completed) between the caller and p_other, either way round.
create or replace function private.has_paid_booking_with(p_other uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.bookings b join public.properties p on p.id = b.property_id
    where b.status in ('paid', 'pending', 'accepted', 'completed')
      and b.deleted_at is null
      and ((b.user_id = (select auth.uid()) and p.host_id = p_other)
        or (b.user_id = p_other and p.host_id = (select auth.uid())))
  )
$$;

revoke all on function private.is_shown_listing_host(uuid), private.has_paid_booking_with(uuid) from public;
grant execute on function private.is_shown_listing_host(uuid), private.has_paid_booking_with(uuid) to anon, authenticated, service_role;

create or replace function private.can_see_profile(p_target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select auth.uid() as id)
  select
    p_target = (select id from me)
    or private.is_shown_listing_host(p_target)
    or private.has_paid_booking_with(p_target)
    or exists (
      select 1 from public.messages m
      where m.sender_id = p_target and m.receiver_id = (select id from me)
    )
    or exists (
      select 1 from public.messages m join public.profiles t on t.id = m.receiver_id
      where m.sender_id = (select id from me) and m.receiver_id = p_target and t.is_visible_to_guests
    )
    or exists (
      select 1 from public.messages m
      where m.sender_id = p_target and m.conversation_type = 'house' and public.is_house_member(m.property_id)
    )
$$;

-- Review cards show the author's name and photo (docs/product.md §3 review card inputs), nothing more. Only
-- people who wrote a live review, and never a host who hides their profile.
create or replace function public.get_review_authors(p_user_ids uuid[])
returns table (id uuid, name text, profile_photo text)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.name, t.profile_photo
  from public.profiles t
  where t.id = any (p_user_ids[1:100])
    and t.is_visible_to_guests
    and t.deleted_at is null
    and (exists (select 1 from public.property_reviews pr where pr.user_id = t.id and pr.is_public and pr.deleted_at is null)
      or exists (select 1 from public.reviews r where r.reviewer_id = t.id and r.deleted_at is null))
$$;

revoke all on function public.get_review_authors(uuid[]) from public;
grant execute on function public.get_review_authors(uuid[]) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------- housemates

-- Guests who share a house: the target's accepted stay there is within the Who's Staying window and
-- they opted in; the caller's own stay there is current or upcoming.
create or replace function private.is_visible_housemate(p_target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1
    from public.bookings theirs
    join public.profiles t on t.id = theirs.user_id
    join public.bookings mine on mine.property_id = theirs.property_id
    where theirs.user_id = p_target
      and t.show_in_whos_staying
      and theirs.status in ('accepted', 'completed')
      and theirs.deleted_at is null
      and theirs.check_in < current_date + 90
      and theirs.check_out > current_date
      and mine.user_id = (select auth.uid())
      and mine.status in ('accepted', 'completed')
      and mine.deleted_at is null
      and mine.check_out > current_date
  )
$$;

create or replace function private.can_message(p_receiver uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select auth.uid() as id)
  select (select id from me) is not null
    and p_receiver is distinct from (select id from me)
    and (
      -- an inquiry to a host who shows their profile and lists a live property
      private.is_shown_listing_host(p_receiver)
      -- a paid booking between the two, either way round
      or private.has_paid_booking_with(p_receiver)
      -- the other side wrote first
      or exists (
        select 1 from public.messages m
        where m.sender_id = p_receiver and m.receiver_id = (select id from me) and m.deleted_at is null
      )
      -- housemates who show themselves in Who's Staying (those who opted out are reached in the house chat)
      or private.is_visible_housemate(p_receiver)
    )
$$;

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
    where b.property_id = p_property_id
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

revoke all on function public.get_housemates(uuid) from public, anon;
grant execute on function public.get_housemates(uuid) to authenticated, service_role;

-- The inbox's house chats follow is_house_member (completed stays stay until check-out).
create or replace function public.get_conversation_summaries()
returns table (
  other_user_id uuid,
  other_user_name text,
  other_user_photo text,
  last_message text,
  last_message_time timestamptz,
  last_message_sender_id uuid,
  unread_count integer,
  conversation_type text,
  property_id uuid
)
language sql
stable
security invoker
set search_path = ''
as $$
  with me as (select auth.uid() as id),
  direct as (
    select
      case when m.sender_id = (select id from me) then m.receiver_id else m.sender_id end as other_id,
      m.*
    from public.messages m
    where m.conversation_type <> 'house'
      and m.deleted_at is null
      and (m.sender_id = (select id from me) or m.receiver_id = (select id from me))
  ),
  direct_last as (
    select distinct on (d.other_id) d.*
    from direct d
    order by d.other_id, d.created_at desc, d.id desc
  ),
  direct_unread as (
    select d.other_id, count(*)::integer as n
    from direct d
    where d.receiver_id = (select id from me) and d.read_at is null
    group by d.other_id
  ),
  houses as (
    select p.id, p.name, p.photos[1] as photo
    from public.properties p
    where p.deleted_at is null
      and (p.host_id = (select id from me)
        or p.id in (select b.property_id from public.bookings b
                    where b.user_id = (select id from me) and b.status in ('accepted', 'completed')))
      and public.is_house_member(p.id)
  ),
  house_last as (
    select distinct on (m.property_id) m.*
    from public.messages m
    where m.conversation_type = 'house' and m.deleted_at is null and m.property_id in (select id from houses)
    order by m.property_id, m.created_at desc, m.id desc
  ),
  house_unread as (
    select m.property_id, count(*)::integer as n
    from public.messages m
    left join public.house_chat_reads r on r.property_id = m.property_id and r.user_id = (select id from me)
    where m.conversation_type = 'house' and m.deleted_at is null
      and m.property_id in (select id from houses)
      and m.sender_id <> (select id from me)
      and (r.last_read_at is null or m.created_at > r.last_read_at)
    group by m.property_id
  )
  select * from (
    select
      l.other_id,
      coalesce(pr.name, 'Unknown User'),
      pr.profile_photo,
      l.text,
      l.created_at,
      l.sender_id,
      coalesce(u.n, 0),
      l.conversation_type,
      null::uuid
    from direct_last l
    left join public.profiles pr on pr.id = l.other_id
    left join direct_unread u on u.other_id = l.other_id
    union all
    select
      null::uuid,
      h.name,
      h.photo,
      hl.text,
      hl.created_at,
      hl.sender_id,
      coalesce(hu.n, 0),
      'house',
      h.id
    from houses h
    left join house_last hl on hl.property_id = h.id
    left join house_unread hu on hu.property_id = h.id
  ) s
  order by 5 desc nulls last
$$;

revoke all on function public.get_conversation_summaries() from public, anon;
grant execute on function public.get_conversation_summaries() to authenticated;

-- ------------------------------------------------------------------------- listings policies

-- Only hosts list (the role chosen at sign-up; users cannot change it).
drop policy properties_insert_host on public.properties;
create policy properties_insert_host on public.properties
  for insert to authenticated
  with check (
    host_id = (select auth.uid())
    and exists (select 1 from public.user_roles r where r.user_id = (select auth.uid()) and r.role = 'host')
  );

-- One SELECT policy per role: visitors see live listings; signed-in users also their own tombstoned
-- listings (so the delete syncs) and tombstoned listings they booked (booking history keeps its name).
drop policy properties_select_listed on public.properties;
drop policy properties_select_booked on public.properties;
create policy properties_select_anon on public.properties
  for select to anon
  using (deleted_at is null);
create policy properties_select_signed_in on public.properties
  for select to authenticated
  using (deleted_at is null
    or host_id = (select auth.uid())
    or exists (select 1 from public.bookings b where b.property_id = properties.id and b.user_id = (select auth.uid())));

drop policy rooms_select_listed on public.rooms;
drop policy rooms_select_booked on public.rooms;
create policy rooms_select_anon on public.rooms
  for select to anon
  using (deleted_at is null);
create policy rooms_select_signed_in on public.rooms
  for select to authenticated
  using (deleted_at is null
    or private.is_property_host(property_id)
    or exists (select 1 from public.bookings b where b.room_id = rooms.id and b.user_id = (select auth.uid())));
