-- Who may see whom, who may message whom, Who's Staying and the inbox summaries.
--
-- Profile privacy (docs/product.md §6) is enforced per row, not with a view: embeds such as
-- messages -> profiles!messages_sender_id_fkey(name, profile_photo) keep working, and the rule lives in
-- one function, can_see_profile(target). A viewer sees another person's profile row when
--   * the target is a host with is_visible_to_guests = true who lists a property (host card, public);
--   * they are the two parties of a booking (guest <-> host of the booked property);
--   * the target sent the viewer a direct message, or the viewer messaged a target who is not a
--     hidden host, or the target wrote in a house chat the viewer belongs to;
--   * the target wrote a review (review cards show reviewer name and photo) and is not a hidden host.
-- Who's Staying never exposes profile rows: get_housemates() returns only the allowed fields of
-- opted-in guests. Because a visible row exposes all its columns, age and stripe_account_id are visible
-- to the people above (hosts read their guests' age per docs/product.md §7; a Stripe account id is not a secret).

create or replace function public.can_see_profile(p_target uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  with me as (select auth.uid() as id)
  select
    p_target = (select id from me)
    or exists (
      select 1 from public.profiles t
      where t.id = p_target and t.is_visible_to_guests
        and exists (select 1 from public.properties p where p.host_id = t.id and p.deleted_at is null)
    )
    or exists (
      select 1 from public.bookings b join public.properties p on p.id = b.property_id
      where (b.user_id = (select id from me) and p.host_id = p_target)
         or (b.user_id = p_target and p.host_id = (select id from me))
    )
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
    or exists (
      select 1 from public.profiles t
      where t.id = p_target and t.is_visible_to_guests
        and (exists (select 1 from public.reviews r where r.reviewer_id = t.id and r.deleted_at is null)
          or exists (select 1 from public.property_reviews pr where pr.user_id = t.id and pr.is_public and pr.deleted_at is null))
    )
$$;

revoke all on function public.can_see_profile(uuid) from public;
grant execute on function public.can_see_profile(uuid) to anon, authenticated, service_role;

create policy profiles_select_visible on public.profiles
  for select to anon, authenticated
  using (id = (select auth.uid()) or public.can_see_profile(id));

create policy user_roles_select_visible on public.user_roles
  for select to anon, authenticated
  using (user_id = (select auth.uid()) or public.can_see_profile(user_id));

-- Guests who share a house: both have accepted bookings at one property, the target's within the
-- Who's Staying window (next 90 days), and the target opted in.
create or replace function public.is_visible_housemate(p_target uuid)
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
      and theirs.status = 'accepted'
      and theirs.check_in < current_date + 90
      and theirs.check_out > current_date
      and mine.user_id = (select auth.uid())
      and mine.status = 'accepted'
  )
$$;

revoke all on function public.is_visible_housemate(uuid) from public, anon;
grant execute on function public.is_visible_housemate(uuid) to authenticated, service_role;

-- A direct message may go to anyone whose profile the sender can see or to an opted-in housemate.
create or replace function public.can_message(p_receiver uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_receiver is distinct from (select auth.uid())
    and (public.can_see_profile(p_receiver) or public.is_visible_housemate(p_receiver))
$$;

revoke all on function public.can_message(uuid) from public, anon;
grant execute on function public.can_message(uuid) to authenticated, service_role;

create policy messages_insert_sender on public.messages
  for insert to authenticated
  with check (
    sender_id = (select auth.uid())
    and case
      when conversation_type = 'house' then public.is_house_member(property_id)
      else public.can_message(receiver_id)
    end
  );

-- Who's Staying (docs/product.md §9): opted-in guests with accepted bookings overlapping the next 90 days, as
-- first initial, 5-year age band, profession, timezone and at most 3 interests. Only the property's
-- host or a guest with an accepted booking there gets rows; the caller is left out.
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
      and b.status = 'accepted'
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
          where mine.property_id = p_property_id and mine.user_id = (select auth.uid()) and mine.status = 'accepted'
        )
      )
    order by b.user_id, b.check_in
  ) h
  order by h.check_in, h.user_id
$$;

revoke all on function public.get_housemates(uuid) from public, anon;
grant execute on function public.get_housemates(uuid) to authenticated, service_role;

-- Inbox (docs/product.md §3 "Conversation summary", with real unread counts): one row per other user for direct
-- messages, and one row per house chat the caller belongs to (other_user_id null, property_id set,
-- other_user_name = property name). Runs as the caller, so RLS decides what is counted and named.
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
        or p.id in (select b.property_id from public.bookings b where b.user_id = (select id from me) and b.status = 'accepted'))
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
