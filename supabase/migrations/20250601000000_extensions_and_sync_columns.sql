-- Extensions and the helpers every synced table shares.
--
-- Conventions used by all NomadNest migrations:
-- * Row-level security is the authority. Grants are narrowed too, but triggers re-check what matters,
--   because some environments (older Supabase projects, the local stand-in) grant ALL on public tables.
-- * Policies call auth.uid() as `(select auth.uid())` so Postgres evaluates it once per statement.
-- * SECURITY DEFINER functions pin `search_path = ''` and qualify every name.
-- * Synced tables carry updated_at, a server-set version and (where other clients must see deletes)
--   deleted_at. Clients never set version/updated_at: the trigger below overwrites them.

create extension if not exists btree_gist with schema extensions;
create extension if not exists pgcrypto with schema extensions;

-- True for the service role and for the database owner (migrations, seed, SECURITY DEFINER helpers);
-- false for API requests made as anon or authenticated. Deliberately SECURITY INVOKER: it must see the
-- caller's current_user.
create or replace function public.is_trusted_session()
returns boolean
language sql
stable
set search_path = ''
as $$
  select current_user not in ('anon', 'authenticated')
$$;

comment on function public.is_trusted_session() is
  'True for service_role and the owner (seed, migrations, security definer helpers); false for anon/authenticated API requests.';

-- BEFORE INSERT OR UPDATE on synced tables: version starts at 1 and grows by one per update;
-- updated_at is the server clock; created_at cannot be rewritten by clients.
create or replace function public.tg_set_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.updated_at := now();
    if public.is_trusted_session() then
      new.created_at := coalesce(new.created_at, now());
    else
      new.created_at := now();
    end if;
  else
    new.version := old.version + 1;
    new.updated_at := now();
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;

-- BEFORE DELETE on tables that bookings point at (properties, rooms): an API delete becomes a
-- tombstone so the rows other clients cached can disappear through sync and old bookings keep their
-- references. The service role and the owner still delete for real.
create or replace function public.tg_soft_delete_instead()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if public.is_trusted_session() then
    return old;
  end if;
  execute format('update %I.%I set deleted_at = now() where id = $1 and deleted_at is null', tg_table_schema, tg_table_name)
    using old.id;
  return null;
end
$$;

revoke all on function public.tg_set_sync_columns() from public, anon, authenticated;
revoke all on function public.tg_soft_delete_instead() from public, anon, authenticated;
