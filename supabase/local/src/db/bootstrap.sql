-- Supabase-like baseline the project's migrations expect (roles, auth/storage/extensions schemas,
-- auth.uid()/role()/jwt(), storage tables and helpers, the supabase_realtime publication, default grants).
-- Idempotent; runs as the superuser on PGlite (Postgres 18) and native Postgres 15+.

do $$
declare
  api_role record;
begin
  for api_role in select * from (values
    ('anon', 'nologin noinherit'),
    ('authenticated', 'nologin noinherit'),
    ('service_role', 'nologin noinherit bypassrls'),
    ('authenticator', 'login noinherit'),
    ('supabase_auth_admin', 'nologin noinherit'),
    ('supabase_storage_admin', 'nologin noinherit'),
    ('dashboard_user', 'nologin')
  ) as roles (name, options) loop
    if not exists (select 1 from pg_roles where rolname = api_role.name) then
      execute format('create role %I %s', api_role.name, api_role.options);
    end if;
  end loop;
end
$$;

grant anon, authenticated, service_role to authenticator;

create schema if not exists extensions;
create schema if not exists auth;
create schema if not exists storage;
create schema if not exists supabase_migrations;

create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;

grant usage on schema public to anon, authenticated, service_role;
grant usage on schema extensions to anon, authenticated, service_role;
grant usage on schema auth to anon, authenticated, service_role;
grant usage on schema storage to anon, authenticated, service_role;

-- No default privileges for the API roles: as on hosted Supabase (new projects from 2026-05-30, every project
-- from 2026-10-30), a new object in public is reachable through the API only once a migration grants it
-- (docs/decisions/hosted-defaults.md). Bootstrap runs at every start, so it leaves the default privileges a
-- project's own migrations set (opting back in) alone; the app's migration 20250601002500 turns the old
-- defaults off in databases an older stand-in made.

-- The postgres role's search_path, as hosted sets it (supabase/postgres init scripts): migrations and seeds
-- can call extension functions such as gen_salt() unqualified. Set for the role (new sessions) and for this
-- session (the connection that goes on to apply migrations and seeds). Only when missing: ALTER ROLE writes
-- a shared catalog row, and test databases share a cluster.
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'postgres') and not exists (
    select 1 from pg_db_role_setting s join pg_roles r on r.oid = s.setrole
    where r.rolname = 'postgres' and s.setdatabase = 0 and 'search_path="$user", public, extensions' = any (s.setconfig)
  ) then
    alter role postgres set search_path = "$user", public, extensions;
  end if;
end
$$;
set search_path = "$user", public, extensions;

-- ---------------------------------------------------------------------------------------- auth

do $$
declare
  enum_type record;
begin
  for enum_type in select * from (values
    ('aal_level', array['aal1', 'aal2', 'aal3']),
    ('factor_type', array['totp', 'webauthn', 'phone']),
    ('factor_status', array['unverified', 'verified']),
    ('code_challenge_method', array['s256', 'plain'])
  ) as enum_types (name, labels) loop
    begin
      execute format('create type auth.%I as enum (%s)', enum_type.name,
        (select string_agg(quote_literal(label), ', ' order by position) from unnest(enum_type.labels) with ordinality as t (label, position)));
    exception when duplicate_object then null;
    end;
  end loop;
end
$$;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0 check (email_change_confirm_status >= 0 and email_change_confirm_status <= 2),
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where (is_sso_user = false);
create index if not exists users_instance_id_email_idx on auth.users (instance_id, lower(email));

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  factor_id uuid,
  aal auth.aal_level,
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);
create index if not exists refresh_tokens_parent_idx on auth.refresh_tokens (parent);

create table if not exists auth.mfa_factors (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type auth.factor_type not null,
  status auth.factor_status not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  secret text,
  phone text,
  last_challenged_at timestamptz unique
);
create index if not exists factor_id_created_at_idx on auth.mfa_factors (user_id, created_at);

create table if not exists auth.mfa_challenges (
  id uuid primary key default gen_random_uuid(),
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address inet not null default '127.0.0.1',
  otp_code text
);

create table if not exists auth.mfa_amr_claims (
  session_id uuid not null references auth.sessions (id) on delete cascade,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  authentication_method text not null,
  id uuid primary key default gen_random_uuid(),
  constraint mfa_amr_claims_session_id_authentication_method_pkey unique (session_id, authentication_method)
);

create table if not exists auth.flow_state (
  id uuid primary key default gen_random_uuid(),
  user_id uuid,
  auth_code text not null,
  code_challenge_method auth.code_challenge_method not null,
  code_challenge text not null,
  provider_type text not null,
  provider_access_token text,
  provider_refresh_token text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  authentication_method text not null,
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);

create table if not exists auth.audit_log_entries (
  instance_id uuid,
  id uuid primary key default gen_random_uuid(),
  payload json,
  created_at timestamptz default now(),
  ip_address varchar(64) not null default ''
);

-- As hosted Supabase defines them (supabase/auth migrations): both the claims object and the legacy per-claim GUCs.
-- auth.uid(), auth.role() and auth.email() each read one claim the same way.
do $$
declare
  claim record;
begin
  for claim in select * from (values ('uid', 'sub', 'uuid'), ('role', 'role', 'text'), ('email', 'email', 'text')) as claims (function_name, key, type) loop
    execute format($function$
      create or replace function auth.%1$I() returns %3$s
      language sql stable
      as $body$
        select coalesce(
          nullif(current_setting('request.jwt.claim.%2$s', true), ''),
          (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> %2$L)
        )::%3$s
      $body$
    $function$, claim.function_name, claim.key, claim.type);
  end loop;
end
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt() to anon, authenticated, service_role;
grant all on all tables in schema auth to supabase_auth_admin, dashboard_user;
grant all on all sequences in schema auth to supabase_auth_admin, dashboard_user;

-- ------------------------------------------------------------------------------------- storage

create table if not exists storage.buckets (
  id text primary key,
  name text not null,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[]
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid primary key default gen_random_uuid(),
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now(),
  metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  user_metadata jsonb
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

-- The path helpers storage policies call: folders, file name and extension of an object's name.
create or replace function storage.foldername(name text) returns text[]
language sql immutable
as $$ select parts[1:array_length(parts, 1) - 1] from string_to_array(name, '/') as split (parts) $$;

create or replace function storage.filename(name text) returns text
language sql immutable
as $$ select parts[array_length(parts, 1)] from string_to_array(name, '/') as split (parts) $$;

create or replace function storage.extension(name text) returns text
language sql immutable
as $$ select reverse(split_part(reverse(storage.filename(name)), '.', 1)) $$;

grant all on storage.buckets, storage.objects to anon, authenticated, service_role, supabase_storage_admin, dashboard_user;
grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to anon, authenticated, service_role;

-- ------------------------------------------------------------------------------------ realtime

do $$
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
end
$$;

-- Realtime Authorization (docs/local-backend-fidelity.md, "Private Realtime channels"): the schema,
-- table and functions as supabase/realtime's tenant migrations leave them. A private channel's join
-- and sends are checked against the project's RLS policies on realtime.messages; an insert (as
-- realtime.send does) is broadcast to the row's topic. One table, not partitioned by day as hosted.
create schema if not exists realtime;
grant usage on schema realtime to postgres, anon, authenticated, service_role;

create table if not exists realtime.messages (
  topic text not null,
  extension text not null,
  payload jsonb,
  event text,
  private boolean default false,
  updated_at timestamp without time zone not null default now(),
  inserted_at timestamp without time zone not null default now(),
  id uuid not null default gen_random_uuid(),
  binary_payload bytea,
  constraint messages_pkey primary key (id, inserted_at),
  constraint messages_payload_exclusive check (payload is null or binary_payload is null)
);
create index if not exists messages_inserted_at_topic_index on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert, update on realtime.messages to postgres, anon, authenticated, service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$ select nullif(current_setting('realtime.topic', true), '')::text $$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true) returns void
language plpgsql
as $$
declare
  generated_id uuid;
  final_payload jsonb;
begin
  begin
    generated_id := gen_random_uuid();
    if payload ? 'id' then
      final_payload := payload;
    else
      final_payload := jsonb_set(payload, '{id}', to_jsonb(generated_id));
    end if;
    execute format('set local realtime.topic to %L', topic);
    insert into realtime.messages (id, payload, event, topic, private, extension)
    values (generated_id, final_payload, event, topic, private, 'broadcast');
  exception
    when others then
      raise warning 'WarnSendingBroadcastMessage: %', sqlerrm;
  end;
end
$$;

create or replace function realtime.broadcast_changes(topic_name text, event_name text, operation text, table_name text, table_schema text, new record, old record, level text default 'ROW') returns void
language plpgsql
as $$
declare
  row_data jsonb := '{}'::jsonb;
begin
  if level = 'STATEMENT' then
    raise exception 'function can only be triggered for each row, not for each statement';
  end if;
  if operation = 'INSERT' or operation = 'UPDATE' or operation = 'DELETE' then
    row_data := jsonb_build_object('old_record', old, 'record', new, 'operation', operation, 'table', table_name, 'schema', table_schema);
    perform realtime.send(row_data, event_name, topic_name);
  else
    raise exception 'Unexpected operation type: %', operation;
  end if;
exception
  when others then
    raise exception 'Failed to process the row: %', sqlerrm;
end
$$;

-- Hosted broadcasts each inserted row from a replication slot; here a trigger names the row to the
-- server (supabase/local/src/realtime/database-broadcast.ts). Rolled-back inserts (the policy probes)
-- never notify.
create schema if not exists supabase_local_realtime;
revoke all on schema supabase_local_realtime from public;
create or replace function supabase_local_realtime.notify_message() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform pg_notify('supabase_local_realtime_broadcast', new.id::text);
  return null;
end
$$;
drop trigger if exists supabase_local_broadcast on realtime.messages;
create trigger supabase_local_broadcast after insert on realtime.messages
  for each row when (new.event is not null and (new.payload is not null or new.binary_payload is not null))
  execute function supabase_local_realtime.notify_message();

grant execute on function realtime.topic(), realtime.send(jsonb, text, text, boolean),
  realtime.broadcast_changes(text, text, text, text, text, record, record, text) to postgres, anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------- migrations

create table if not exists supabase_migrations.schema_migrations (
  version text primary key,
  statements text[],
  name text
);
create table if not exists supabase_migrations.seed_files (
  path text primary key,
  hash text not null
);
