-- Mark-read up to what the reader saw (docs/decisions/mark-read-up-to.md).
--
-- An offline "mark read" can reach the server long after the user looked: the one-argument
-- functions marked everything up to the server's now(), including messages that arrived in
-- between. The two-argument versions take the created_at of the newest message the user saw.
-- The one-argument versions stay (outbox entries of message.markRead@1 are still queued on
-- devices) as wrappers with p_up_to = now(), which is what they did before.

-- Marks the messages from p_other_user to the caller created at or before p_up_to read.
-- Returns how many changed.
create or replace function public.mark_conversation_read(p_other_user uuid, p_up_to timestamptz)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  with changed as (
    update public.messages m
    set read_at = now()
    where m.receiver_id = (select auth.uid())
      and m.sender_id = p_other_user
      and m.read_at is null
      and m.created_at <= least(coalesce(p_up_to, now()), now())
    returning 1
  )
  select count(*)::integer from changed
$$;

-- Moves the caller's read cursor of a house chat to least(now(), p_up_to), never backwards.
-- Returns the cursor (null if not a member).
create or replace function public.mark_house_chat_read(p_property_id uuid, p_up_to timestamptz)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  with target as (
    select least(now(), coalesce(p_up_to, now())) as at
    where public.is_house_member(p_property_id)
  ),
  moved as (
    insert into public.house_chat_reads as r (property_id, user_id, last_read_at)
    select p_property_id, (select auth.uid()), t.at from target t
    on conflict (property_id, user_id) do update
      set last_read_at = excluded.last_read_at, updated_at = now()
      where r.last_read_at < excluded.last_read_at
    returning r.last_read_at
  )
  -- A cursor already at or past the target is left alone (the upsert returns no row): report it.
  select coalesce(
    (select last_read_at from moved),
    (select r.last_read_at from public.house_chat_reads r, target
      where r.property_id = p_property_id and r.user_id = (select auth.uid()))
  )
$$;

create or replace function public.mark_conversation_read(p_other_user uuid)
returns integer
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.mark_conversation_read(p_other_user, now())
$$;

create or replace function public.mark_house_chat_read(p_property_id uuid)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  select public.mark_house_chat_read(p_property_id, now())
$$;

revoke all on function public.mark_conversation_read(uuid, timestamptz) from public, anon;
grant execute on function public.mark_conversation_read(uuid, timestamptz) to authenticated;
revoke all on function public.mark_house_chat_read(uuid, timestamptz) from public, anon;
grant execute on function public.mark_house_chat_read(uuid, timestamptz) to authenticated;
revoke all on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated;
revoke all on function public.mark_house_chat_read(uuid) from public, anon;
grant execute on function public.mark_house_chat_read(uuid) to authenticated;
