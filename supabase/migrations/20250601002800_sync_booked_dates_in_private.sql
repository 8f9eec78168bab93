-- sync_booked_dates moves to the schema `private` (docs/decisions/generated-database-types.md).
--
-- A function in `public` whose one argument is a table's row is a computed field to PostgREST and to
-- `supabase gen types`: postgres-meta listed `sync_booked_dates` as a column of `bookings` (`Row` gained
-- `sync_booked_dates: undefined | null`), and the app stopped compiling. Only the bookings trigger calls
-- it, so it joins the other helpers the API must not reach; the trigger now calls it there. Body and
-- grants are unchanged: execute stays revoked from public, anon and authenticated.

alter function public.sync_booked_dates(public.bookings) set schema private;

create or replace function public.tg_bookings_availability()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'UPDATE'
     and (new.status, new.room_id, new.check_in, new.check_out, new.held_until, new.deleted_at)
         is not distinct from (old.status, old.room_id, old.check_in, old.check_out, old.held_until, old.deleted_at) then
    return null;
  end if;
  if tg_op = 'INSERT' and new.held_until is null and new.status = 'pending_payment' then
    return null;
  end if;
  perform private.sync_booked_dates(new);
  return null;
end
$$;

revoke all on function public.tg_bookings_availability() from public, anon, authenticated;
