-- postgres_changes capture for the local Realtime: an AFTER row trigger on every table of the
-- supabase_realtime publication sends a compact JSON description of the change with pg_notify.
-- (PGlite has no logical decoding, so triggers replace the WAL; native Postgres uses the same path.)
-- Idempotent; runs as the owner after the project's migrations.

create schema if not exists supabase_local_realtime;
revoke all on schema supabase_local_realtime from public;

-- Trigger arguments are the table's primary-key column names. NOTIFY payloads are limited to
-- 8000 bytes: a larger change is sent with key columns only and the server reads the row back.
create or replace function supabase_local_realtime.capture_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  rec jsonb;
  old_rec jsonb;
  message jsonb;
begin
  if tg_op <> 'DELETE' then rec := to_jsonb(new); end if;
  if tg_op <> 'INSERT' then old_rec := to_jsonb(old); end if;
  message := jsonb_build_object(
    'schema', tg_table_schema,
    'table', tg_table_name,
    'type', tg_op,
    'commit_timestamp', to_char(clock_timestamp() at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'record', rec,
    'old_record', old_rec
  );
  if octet_length(message::text) > 7800 then
    message := message
      || jsonb_build_object('truncated', true)
      || jsonb_build_object('record', (select jsonb_object_agg(k, rec -> k) from unnest(tg_argv) as k where rec is not null))
      || jsonb_build_object('old_record', (select jsonb_object_agg(k, old_rec -> k) from unnest(tg_argv) as k where old_rec is not null));
  end if;
  perform pg_notify('supabase_local_realtime', message::text);
  return null;
end
$$;

-- Attaches the trigger to every table in the publication and detaches it from tables that left it.
create or replace function supabase_local_realtime.sync_triggers() returns void
language plpgsql
set search_path = ''
as $$
declare
  t record;
  key_columns text;
begin
  for t in
    select tr.tgrelid::regclass as rel
    from pg_trigger tr
    where tr.tgname = 'supabase_local_realtime_capture'
      and not exists (
        select 1 from pg_publication_tables p
        join pg_namespace n on n.nspname = p.schemaname
        join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
        where p.pubname = 'supabase_realtime' and c.oid = tr.tgrelid
      )
  loop
    execute format('drop trigger supabase_local_realtime_capture on %s', t.rel);
  end loop;

  for t in
    select c.oid, n.nspname, c.relname
    from pg_publication_tables p
    join pg_namespace n on n.nspname = p.schemaname
    join pg_class c on c.relnamespace = n.oid and c.relname = p.tablename
    where p.pubname = 'supabase_realtime' and c.relkind in ('r', 'p')
      and not exists (select 1 from pg_trigger tr where tr.tgrelid = c.oid and tr.tgname = 'supabase_local_realtime_capture')
  loop
    select string_agg(quote_literal(a.attname), ', ' order by array_position(i.indkey::int2[], a.attnum))
      into key_columns
      from pg_index i
      join pg_attribute a on a.attrelid = i.indrelid and a.attnum = any (i.indkey)
      where i.indrelid = t.oid and i.indisprimary;
    execute format(
      'create trigger supabase_local_realtime_capture after insert or update or delete on %I.%I
         for each row execute function supabase_local_realtime.capture_change(%s)',
      t.nspname, t.relname, coalesce(key_columns, ''));
  end loop;
end
$$;

select supabase_local_realtime.sync_triggers();
