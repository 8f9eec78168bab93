-- Explore's date search (docs/decisions/landing-search-to-explore.md): which rooms are
-- free for a stay, asked for every listing at once, by anyone (signed out too).
--
-- "Free" uses the booking's own rule for taken dates: a paid or accepted stay in the room overlapping
-- [check_in, check_out) takes it (the booking card's booked_dates with status paid or accepted); a room
-- the host switched to unavailable, or one below the guest count, is not offered either.
--
-- SECURITY INVOKER on purpose: booked_dates and listed rooms are already readable by anon (they name no
-- guest), so the function needs no rights the caller lacks and RLS still applies. It answers room and
-- property ids only: no booking ids, guests, statuses or dates leave it.
create or replace function public.free_rooms_for_stay(
  p_check_in date,
  p_check_out date,
  p_guests integer default 1
)
returns table (property_id uuid, room_id uuid)
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_check_in is null or p_check_out is null or p_check_out <= p_check_in then
    raise exception 'check-out must be after check-in' using errcode = '22023';
  end if;
  -- Stays are 1 to 6 months (docs/product.md §9); a wider window is no stay and only a way to scan the calendar.
  if p_check_out - p_check_in > 200 then
    raise exception 'a stay is at most 6 months' using errcode = '22023';
  end if;
  if p_guests is null or p_guests < 1 then
    raise exception 'guests must be at least 1' using errcode = '22023';
  end if;
  return query
    select r.property_id, r.id
    from public.rooms r
    join public.properties p on p.id = r.property_id and p.deleted_at is null
    where r.deleted_at is null
      and r.is_available
      and r.capacity >= p_guests
      and not exists (
        select 1 from public.booked_dates d
        where d.room_id = r.id
          and d.status in ('paid', 'accepted')
          and d.stay && daterange(p_check_in, p_check_out, '[)')
      )
    order by r.property_id, r.id;
end
$$;

revoke all on function public.free_rooms_for_stay(date, date, integer) from public;
grant execute on function public.free_rooms_for_stay(date, date, integer) to anon, authenticated, service_role;
