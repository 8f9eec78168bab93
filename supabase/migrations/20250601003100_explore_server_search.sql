-- Explore searches the whole catalogue on the server (docs/decisions/explore-server-search.md): its
-- filters go into PostgREST queries on properties, paged newest first with an exact count.
--
-- Location ("case-insensitive substring on city or country", docs/product.md §9) is sent as a
-- case-insensitive regular expression of the escaped text (`imatch`), so every character means itself;
-- trigram indexes on city and country answer it without reading every listing (a needle of 3 or more
-- characters; a shorter one matches too many listings for an index to help anyway).
create extension if not exists pg_trgm with schema extensions;

create index if not exists properties_city_trgm_idx on public.properties
  using gin (city extensions.gin_trgm_ops) where deleted_at is null;
create index if not exists properties_country_trgm_idx on public.properties
  using gin (country extensions.gin_trgm_ops) where deleted_at is null;
-- The page order (newest first, equal times by id) without a sort of every match.
create index if not exists properties_listed_order_idx on public.properties (created_at desc, id desc) where deleted_at is null;

-- The stay part of a search (dates and guests) needs the rooms and everyone's bookings: the listings
-- with a room for the stay, as property rows, so PostgREST embeds, filters, orders, pages and counts
-- them as it does the table. With dates, a room qualifies exactly when free_rooms_for_stay names it (one
-- rule for free rooms); without, a live room switched on that holds the guests does.
--
-- SECURITY INVOKER: RLS on properties, rooms and booked_dates applies as for the caller's own reads.
create or replace function public.listings_for_stay(
  p_check_in date default null,
  p_check_out date default null,
  p_guests integer default 1
)
returns setof public.properties
language plpgsql
stable
security invoker
set search_path = ''
as $$
begin
  if p_guests is null or p_guests < 1 then
    raise exception 'guests must be at least 1' using errcode = '22023';
  end if;
  if p_check_in is null and p_check_out is null then
    return query
      select p.* from public.properties p
      where p.deleted_at is null
        and exists (
          select 1 from public.rooms r
          where r.property_id = p.id and r.deleted_at is null and r.is_available and r.capacity >= p_guests
        );
  else
    -- free_rooms_for_stay refuses a missing or backwards range and one longer than a stay
    return query
      select p.* from public.properties p
      where p.deleted_at is null
        and p.id in (select f.property_id from public.free_rooms_for_stay(p_check_in, p_check_out, p_guests) f);
  end if;
end
$$;

revoke all on function public.listings_for_stay(date, date, integer) from public;
grant execute on function public.listings_for_stay(date, date, integer) to anon, authenticated, service_role;
