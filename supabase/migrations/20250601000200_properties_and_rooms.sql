-- properties and rooms, docs/product.md §3 and §5. Only a property's host writes it and its rooms.
-- Deletes through the API become tombstones (deleted_at) so bookings keep their references.

create table public.properties (
  id uuid primary key default gen_random_uuid(),
  host_id uuid not null default auth.uid() references public.profiles (id),
  name text not null,
  city text not null,
  country text not null,
  google_maps_url text,
  description text,
  workspace_details text,
  amenities text[] not null default '{}',
  photos text[] not null default '{}',
  price_per_week numeric(10, 2) not null default 0,
  capacity integer not null default 0,
  current_occupancy integer not null default 0,
  min_stay_weeks integer not null default 2,
  max_stay_weeks integer not null default 12,
  wifi_speed_mbps numeric(8, 2),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint properties_name_required check (char_length(btrim(name)) between 1 and 120),
  constraint properties_city_required check (char_length(btrim(city)) between 1 and 120),
  constraint properties_country_required check (char_length(btrim(country)) between 1 and 120),
  constraint properties_maps_url check (google_maps_url is null or (google_maps_url ~* '^https?://' and char_length(google_maps_url) <= 2048)),
  constraint properties_description_length check (char_length(description) <= 5000),
  constraint properties_workspace_length check (char_length(workspace_details) <= 2000),
  constraint properties_amenities_max check (cardinality(amenities) <= 50),
  constraint properties_photos_max check (cardinality(photos) <= 30),
  constraint properties_price_non_negative check (price_per_week >= 0),
  constraint properties_capacity_non_negative check (capacity >= 0 and current_occupancy >= 0),
  constraint properties_stay_weeks check (min_stay_weeks >= 1 and max_stay_weeks >= 1 and min_stay_weeks <= max_stay_weeks),
  constraint properties_wifi_non_negative check (wifi_speed_mbps >= 0)
);

create index properties_host_id_idx on public.properties (host_id);
create index properties_created_at_idx on public.properties (created_at desc);
create index properties_updated_at_idx on public.properties (updated_at, id);

create trigger properties_sync_columns
  before insert or update on public.properties
  for each row execute function public.tg_set_sync_columns();

create trigger properties_soft_delete
  before delete on public.properties
  for each row execute function public.tg_soft_delete_instead();

-- ----------------------------------------------------------------------------------------- rooms

create table public.rooms (
  id uuid primary key default gen_random_uuid(),
  property_id uuid not null references public.properties (id) on delete cascade,
  name text not null,
  description text,
  photos text[] not null default '{}',
  price_per_week numeric(10, 2) not null default 0,
  price_per_month numeric(10, 2),
  is_available boolean not null default true,
  wifi_speed_mbps numeric(8, 2),
  capacity integer not null default 1,
  min_stay_weeks integer not null default 2,
  max_stay_weeks integer not null default 12,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint rooms_name_required check (char_length(btrim(name)) between 1 and 120),
  constraint rooms_description_length check (char_length(description) <= 5000),
  constraint rooms_photos_max check (cardinality(photos) <= 30),
  constraint rooms_prices_non_negative check (price_per_week >= 0 and (price_per_month is null or price_per_month >= 0)),
  constraint rooms_capacity_min check (capacity >= 1),
  constraint rooms_stay_weeks check (min_stay_weeks >= 1 and max_stay_weeks >= 1 and min_stay_weeks <= max_stay_weeks),
  constraint rooms_wifi_non_negative check (wifi_speed_mbps >= 0)
);

create index rooms_property_id_idx on public.rooms (property_id, price_per_week);
create index rooms_updated_at_idx on public.rooms (updated_at, id);

create trigger rooms_sync_columns
  before insert or update on public.rooms
  for each row execute function public.tg_set_sync_columns();

create trigger rooms_soft_delete
  before delete on public.rooms
  for each row execute function public.tg_soft_delete_instead();

-- A listing's tombstone hides its rooms too.
create or replace function public.tg_properties_cascade_soft_delete()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.deleted_at is not null and old.deleted_at is null then
    update public.rooms set deleted_at = new.deleted_at where property_id = new.id and deleted_at is null;
  end if;
  return null;
end
$$;

create trigger properties_cascade_soft_delete
  after update of deleted_at on public.properties
  for each row execute function public.tg_properties_cascade_soft_delete();

-- Hosting is decided by properties.host_id. SECURITY DEFINER so policies on other tables can ask it
-- without recursing through the properties policies.
create or replace function public.is_property_host(p_property_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.properties p
    where p.id = p_property_id and p.host_id = (select auth.uid())
  )
$$;

revoke all on function public.is_property_host(uuid) from public, anon, authenticated;
grant execute on function public.is_property_host(uuid) to anon, authenticated, service_role;

alter table public.properties enable row level security;
alter table public.rooms enable row level security;

-- Listings are public; a tombstoned listing stays visible to its host (so the delete syncs) and to
-- guests who booked it (so their booking history keeps its name). The guest branch lives in the
-- bookings migration, which adds a second select policy once bookings exist.
create policy properties_select_listed on public.properties
  for select to anon, authenticated
  using (deleted_at is null or host_id = (select auth.uid()));

create policy properties_insert_host on public.properties
  for insert to authenticated
  with check (host_id = (select auth.uid()));

create policy properties_update_host on public.properties
  for update to authenticated
  using (host_id = (select auth.uid()))
  with check (host_id = (select auth.uid()));

create policy properties_delete_host on public.properties
  for delete to authenticated
  using (host_id = (select auth.uid()));

create policy rooms_select_listed on public.rooms
  for select to anon, authenticated
  using (deleted_at is null or public.is_property_host(property_id));

create policy rooms_insert_host on public.rooms
  for insert to authenticated
  with check (public.is_property_host(property_id));

create policy rooms_update_host on public.rooms
  for update to authenticated
  using (public.is_property_host(property_id))
  with check (public.is_property_host(property_id));

create policy rooms_delete_host on public.rooms
  for delete to authenticated
  using (public.is_property_host(property_id));

revoke all on public.properties, public.rooms from anon, authenticated;
grant select on public.properties, public.rooms to anon;
grant select, insert, update, delete on public.properties, public.rooms to authenticated;
grant all on public.properties, public.rooms to service_role;
