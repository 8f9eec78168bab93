-- Direct messages (host_guest, guest_guest) and house chat (one group conversation per property),
-- with read state: read_at on direct messages, a per-member read cursor for house chats (docs/architecture.md §1).
--
-- House members: the property's host, and every guest whose accepted booking there overlaps today or
-- starts within 14 days.

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
        and b.status = 'accepted'
        and b.deleted_at is null
        and b.check_in <= current_date + 14
        and b.check_out > current_date
    )
  )
$$;

revoke all on function public.is_house_member(uuid) from public, anon;
grant execute on function public.is_house_member(uuid) to authenticated, service_role;

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  sender_id uuid not null default auth.uid() references public.profiles (id),
  receiver_id uuid references public.profiles (id),
  property_id uuid references public.properties (id),
  conversation_type text not null default 'host_guest',
  text text not null,
  read_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint messages_conversation_type check (conversation_type in ('guest_guest', 'host_guest', 'house')),
  constraint messages_text_present check (char_length(btrim(text)) > 0 and char_length(text) <= 10000),
  constraint messages_addressing check (
    (conversation_type = 'house' and property_id is not null and receiver_id is null)
    or (conversation_type <> 'house' and receiver_id is not null and receiver_id <> sender_id)
  )
);

create index messages_sender_receiver_idx on public.messages (sender_id, receiver_id, created_at desc);
create index messages_receiver_sender_idx on public.messages (receiver_id, sender_id, created_at desc);
create index messages_unread_idx on public.messages (receiver_id) where read_at is null;
create index messages_house_idx on public.messages (property_id, created_at desc) where conversation_type = 'house';
create index messages_updated_at_idx on public.messages (updated_at, id);

create trigger messages_sync_columns
  before insert or update on public.messages
  for each row execute function public.tg_set_sync_columns();

-- The receiver may only mark read; the sender may only withdraw (deleted_at). Text is immutable.
create or replace function public.tg_messages_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
begin
  if public.is_trusted_session() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.read_at := null;
    new.deleted_at := null;
    return new;
  end if;
  if (new.id, new.sender_id, new.receiver_id, new.property_id, new.conversation_type, new.text)
     is distinct from (old.id, old.sender_id, old.receiver_id, old.property_id, old.conversation_type, old.text) then
    raise exception 'A sent message cannot be edited' using errcode = '42501';
  end if;
  if new.read_at is distinct from old.read_at and uid is distinct from old.receiver_id then
    raise exception 'Only the receiver can mark a message read' using errcode = '42501';
  end if;
  if new.deleted_at is distinct from old.deleted_at and uid is distinct from old.sender_id then
    raise exception 'Only the sender can delete a message' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger messages_guard
  before insert or update on public.messages
  for each row execute function public.tg_messages_guard();

-- Read cursor per member and house chat.
create table public.house_chat_reads (
  property_id uuid not null references public.properties (id) on delete cascade,
  user_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  last_read_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (property_id, user_id)
);

alter table public.messages enable row level security;
alter table public.house_chat_reads enable row level security;

create policy messages_select_participant on public.messages
  for select to authenticated
  using (
    sender_id = (select auth.uid())
    or receiver_id = (select auth.uid())
    or (conversation_type = 'house' and public.is_house_member(property_id))
  );

-- can_message() is defined in the profile_visibility migration; this policy is created there.

create policy messages_update_participant on public.messages
  for update to authenticated
  using (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()))
  with check (sender_id = (select auth.uid()) or receiver_id = (select auth.uid()));

create policy house_chat_reads_select_own on public.house_chat_reads
  for select to authenticated
  using (user_id = (select auth.uid()));

create policy house_chat_reads_insert_own on public.house_chat_reads
  for insert to authenticated
  with check (user_id = (select auth.uid()) and public.is_house_member(property_id));

create policy house_chat_reads_update_own on public.house_chat_reads
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

revoke all on public.messages, public.house_chat_reads from anon, authenticated;
grant select on public.messages, public.house_chat_reads to authenticated;
grant insert (id, sender_id, receiver_id, property_id, conversation_type, text) on public.messages to authenticated;
grant update (read_at, deleted_at) on public.messages to authenticated;
grant insert (property_id, user_id, last_read_at), update (last_read_at, updated_at) on public.house_chat_reads to authenticated;
grant all on public.messages, public.house_chat_reads to service_role;

-- Marks every message from p_other_user to the caller read. Returns how many changed.
create or replace function public.mark_conversation_read(p_other_user uuid)
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
    returning 1
  )
  select count(*)::integer from changed
$$;

-- Moves the caller's read cursor of a house chat to now. Returns the cursor (null if not a member).
create or replace function public.mark_house_chat_read(p_property_id uuid)
returns timestamptz
language sql
volatile
security invoker
set search_path = ''
as $$
  insert into public.house_chat_reads (property_id, user_id, last_read_at)
  select p_property_id, (select auth.uid()), now()
  where public.is_house_member(p_property_id)
  on conflict (property_id, user_id) do update set last_read_at = excluded.last_read_at, updated_at = now()
  returning last_read_at
$$;

revoke all on function public.mark_conversation_read(uuid) from public, anon;
grant execute on function public.mark_conversation_read(uuid) to authenticated;
revoke all on function public.mark_house_chat_read(uuid) from public, anon;
grant execute on function public.mark_house_chat_read(uuid) to authenticated;
