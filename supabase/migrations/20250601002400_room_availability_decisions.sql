-- A room's availability toggled on two devices: the later decision is kept, never the one that arrives
-- last (docs/decisions/refused-and-conflicting-writes.md).
--
-- A toggle queued offline (room.setAvailability@2) carries the decision stamp of the row it was based on
-- (`availability_decided_at` as the device saw it) and how long ago the user decided, measured on the
-- device's own clock (so a device clock that is off does not matter). The server:
--   1. already holds the requested value: nothing to do (a replay, or the same decision elsewhere);
--   2. nothing changed since the base: the toggle is written;
--   3. another decision came in since the base: the toggle is written only if it was decided after that
--      one; otherwise the server keeps its value and answers `kept: true` (the device tells the user).
-- A toggle as a boolean compare-and-set on the value alone could not tell "nobody changed it" from "it was
-- switched off and on again on the other device" and would revert the later decisions: hence the stamp.
--
-- Rooms are already in the supabase_realtime publication (20250601000800); the app now subscribes to them.

alter table public.rooms add column availability_decided_at timestamptz;
update public.rooms set availability_decided_at = updated_at where availability_decided_at is null;
alter table public.rooms alter column availability_decided_at set default now();
alter table public.rooms alter column availability_decided_at set not null;

-- Any other write of is_available (a plain PATCH from an older build, the service role) is a decision made
-- now; a stamp is never in the future, so nobody can pin a room's availability against later decisions.
create or replace function public.tg_rooms_availability_decided_at()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.availability_decided_at := least(coalesce(new.availability_decided_at, now()), now());
  elsif new.is_available is distinct from old.is_available and new.availability_decided_at is not distinct from old.availability_decided_at then
    new.availability_decided_at := now();
  else
    new.availability_decided_at := least(new.availability_decided_at, now());
  end if;
  return new;
end
$$;

revoke all on function public.tg_rooms_availability_decided_at() from public, anon, authenticated;

create trigger rooms_availability_decided_at
  before insert or update on public.rooms
  for each row execute function public.tg_rooms_availability_decided_at();

create or replace function public.set_room_availability(p_room_id uuid, p_is_available boolean, p_based_on timestamptz, p_decided_ms_ago bigint)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_room public.rooms;
  v_decided_at timestamptz;
  v_kept boolean := false;
begin
  if (select auth.uid()) is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if p_room_id is null or p_is_available is null or p_decided_ms_ago is null then
    raise exception 'p_room_id, p_is_available and p_decided_ms_ago are required' using errcode = '22023';
  end if;
  -- Clock arithmetic on the server's clock only; a negative age (a device clock jumping back) is "now".
  v_decided_at := now() - make_interval(secs => greatest(p_decided_ms_ago, 0) / 1000.0);

  -- Locks the row (RLS: the select and update policies, so only the listing's host finds it), so two
  -- devices' toggles are decided one after the other.
  select r.* into v_room from public.rooms r where r.id = p_room_id and r.deleted_at is null for update;
  if not found then
    raise exception 'Room not found' using errcode = 'P0002';
  end if;

  if v_room.is_available = p_is_available then
    -- Already so; a later decision for the same value is still recorded, so an older decision made
    -- elsewhere (based on the stamp before it) cannot overturn it (a device toggling off and on again).
    if v_decided_at > v_room.availability_decided_at then
      update public.rooms r set availability_decided_at = v_decided_at where r.id = p_room_id returning r.* into v_room;
    end if;
  elsif (p_based_on is not null and v_room.availability_decided_at = p_based_on) or v_decided_at > v_room.availability_decided_at then
    update public.rooms r
    set is_available = p_is_available,
        -- strictly later than the stamp it replaces, so a device based on the old stamp sees the change
        availability_decided_at = greatest(v_decided_at, v_room.availability_decided_at + interval '1 microsecond')
    where r.id = p_room_id
    returning r.* into v_room;
  else
    v_kept := true;
  end if;

  return jsonb_build_object('room', to_jsonb(v_room), 'kept', v_kept);
end
$$;

comment on function public.set_room_availability(uuid, boolean, timestamptz, bigint) is
  'room.setAvailability@2: the later availability decision is kept; returns {room, kept}.';

revoke all on function public.set_room_availability(uuid, boolean, timestamptz, bigint) from public, anon;
grant execute on function public.set_room_availability(uuid, boolean, timestamptz, bigint) to authenticated;
