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

-- Which subscribers may see one changed row, in one round trip: for each subscriber's settings (the
-- [name, value] pairs a REST request's transaction gets: search_path, role, claims, …) it switches to
-- that role and claims and runs the visibility query, so RLS decides exactly as it would per request.
-- The query is prepared once per call and run with a generic plan: subscribers sharing a role reuse
-- it (Postgres re-plans, with that role's policies, whenever the role changes), while auth.uid() and
-- the other claims are read at execution. Called by the owner outside any transaction block: the
-- settings are transaction-local and end with the statement. The search_path is pinned on entry, as
-- for every function here (the catalog advisor checks), and each subscriber's settings then set theirs,
-- so built-ins are schema-qualified. A check that fails (a policy raising for these claims) counts as
-- not visible.
create or replace function supabase_local_realtime.visible_to(p_subscribers jsonb, p_query text, p_key text[])
returns boolean[]
language plpgsql
set search_path = ''
as $$
declare
  subscriber jsonb;
  visible boolean;
  result boolean[] := '{}';
begin
  -- Prepared statements outlive a failed call (they are not transactional).
  if exists (select 1 from pg_catalog.pg_prepared_statements where name = 'supabase_local_realtime_check') then
    deallocate supabase_local_realtime_check;
  end if;
  execute pg_catalog.format('prepare supabase_local_realtime_check(text[]) as %s', p_query);
  perform pg_catalog.set_config('plan_cache_mode', 'force_generic_plan', true);
  for subscriber in select value from pg_catalog.jsonb_array_elements(p_subscribers) loop
    begin
      perform pg_catalog.set_config(s.value ->> 0, s.value ->> 1, true)
        from pg_catalog.jsonb_array_elements(subscriber) with ordinality s
        order by s.ordinality;
      execute pg_catalog.format('execute supabase_local_realtime_check(%L)', p_key) into visible;
    exception when others then
      visible := false;
    end;
    result := pg_catalog.array_append(result, coalesce(visible, false));
  end loop;
  deallocate supabase_local_realtime_check;
  return result;
end
$$;

revoke all on function supabase_local_realtime.visible_to(jsonb, text, text[]) from public;
