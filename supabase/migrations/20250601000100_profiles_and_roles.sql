-- profiles (one per auth user) and user_roles (guest or host), docs/product.md §3.
-- Read access to other people's profiles is added in the profile_visibility migration, once the
-- tables it depends on exist.

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  name text not null default 'User',
  bio text,
  profession text,
  work_timezone text,
  interests text[] not null default '{}',
  show_in_whos_staying boolean not null default true,
  profile_photo text,
  is_visible_to_guests boolean not null default true,
  onboarding_complete boolean not null default false,
  verification_status text not null default 'unverified',
  age integer,
  stripe_account_id text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  version bigint not null default 1,
  deleted_at timestamptz,
  constraint profiles_name_length check (char_length(btrim(name)) between 1 and 120),
  constraint profiles_bio_length check (char_length(bio) <= 300),
  constraint profiles_profession_length check (char_length(profession) <= 100),
  constraint profiles_work_timezone_length check (char_length(work_timezone) <= 64),
  constraint profiles_interests_max check (cardinality(interests) <= 6),
  constraint profiles_photo_length check (char_length(profile_photo) <= 2048),
  constraint profiles_verification_status check (verification_status in ('unverified', 'pending', 'verified')),
  constraint profiles_age_range check (age between 18 and 120),
  constraint profiles_stripe_account_length check (char_length(stripe_account_id) <= 255)
);

comment on table public.profiles is
  'One row per auth user. Others see a row only when public.can_see_profile(id) allows it (see profile_visibility migration).';

create trigger profiles_sync_columns
  before insert or update on public.profiles
  for each row execute function public.tg_set_sync_columns();

-- Payout and verification state belong to the server functions (service role), never to the user.
create or replace function public.tg_profiles_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_trusted_session() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.stripe_account_id := null;
    new.verification_status := 'unverified';
    new.deleted_at := null;
  else
    if new.id is distinct from old.id then
      raise exception 'A profile id cannot change' using errcode = '42501';
    end if;
    new.stripe_account_id := old.stripe_account_id;
    new.verification_status := old.verification_status;
    new.deleted_at := old.deleted_at;
  end if;
  return new;
end
$$;

create trigger profiles_guard
  before insert or update on public.profiles
  for each row execute function public.tg_profiles_guard();

alter table public.profiles enable row level security;

create policy profiles_insert_own on public.profiles
  for insert to authenticated
  with check (id = (select auth.uid()));

create policy profiles_update_own on public.profiles
  for update to authenticated
  using (id = (select auth.uid()))
  with check (id = (select auth.uid()));

revoke all on public.profiles from anon, authenticated;
grant select on public.profiles to anon, authenticated;
grant insert (id, name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo,
  is_visible_to_guests, onboarding_complete, age)
  on public.profiles to authenticated;
-- id is included because PostgREST upserts write every posted column, the key too.
grant update (id, name, bio, profession, work_timezone, interests, show_in_whos_staying, profile_photo,
  is_visible_to_guests, onboarding_complete, age)
  on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- ------------------------------------------------------------------------------------ user_roles

create table public.user_roles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  role text not null,
  created_at timestamptz not null default now(),
  constraint user_roles_role check (role in ('guest', 'host')),
  -- The app upserts with on_conflict=user_id,role (docs/product.md §7), which needs a unique index on exactly that pair.
  constraint user_roles_user_id_role_key unique (user_id, role)
);

comment on table public.user_roles is 'The role chosen at sign-up. One per user; users cannot change it afterwards.';

alter table public.user_roles enable row level security;

create policy user_roles_insert_own on public.user_roles
  for insert to authenticated
  with check (user_id = (select auth.uid()));

-- An upsert of the same (user_id, role) is a no-op update and must pass; changing the role does not.
create policy user_roles_update_same on public.user_roles
  for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

create or replace function public.tg_user_roles_guard()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if not public.is_trusted_session() and (new.role is distinct from old.role or new.user_id is distinct from old.user_id) then
    raise exception 'A role cannot be changed after sign-up' using errcode = '42501';
  end if;
  return new;
end
$$;

create trigger user_roles_guard
  before update on public.user_roles
  for each row execute function public.tg_user_roles_guard();

revoke all on public.user_roles from anon, authenticated;
grant select on public.user_roles to anon, authenticated;
grant insert (user_id, role), update (user_id, role) on public.user_roles to authenticated;
grant all on public.user_roles to service_role;

-- ------------------------------------------------------------------------- new auth users

-- Creates the profile and role from sign-up metadata so a password sign-in never finds them missing.
-- The app still upserts both at sign-in (docs/product.md §4); `on conflict do nothing` keeps those writes working.
-- The role from user metadata is only the user's own sign-up choice, never an authorisation input.
create or replace function public.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  meta jsonb := coalesce(new.raw_user_meta_data, '{}'::jsonb);
  display_name text := left(coalesce(
    nullif(btrim(meta ->> 'full_name'), ''),
    nullif(btrim(meta ->> 'name'), ''),
    nullif(btrim(split_part(coalesce(new.email, ''), '@', 1)), ''),
    'User'), 120);
begin
  begin
    insert into public.profiles (id, name, onboarding_complete)
    values (new.id, display_name, false)
    on conflict (id) do nothing;
    if meta ->> 'role' in ('guest', 'host') then
      insert into public.user_roles (user_id, role)
      values (new.id, meta ->> 'role')
      on conflict do nothing;
    end if;
  exception when others then
    -- Never block a sign-up: the app creates missing rows at sign-in.
    raise warning 'handle_new_user: % (%)', sqlerrm, sqlstate;
  end;
  return new;
end
$$;

revoke all on function public.handle_new_user() from public, anon, authenticated;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function public.handle_new_user();
