-- Realtime postgres_changes for chat (direct and house), booking status, availability and listings.
-- Delivery is filtered by each subscriber's RLS. Idempotent: a table already in the publication is skipped.
do $$
declare
  t text;
begin
  if not exists (select 1 from pg_publication where pubname = 'supabase_realtime') then
    create publication supabase_realtime;
  end if;
  foreach t in array array['messages', 'house_chat_reads', 'bookings', 'booked_dates', 'properties', 'rooms'] loop
    if not exists (
      select 1 from pg_publication_tables
      where pubname = 'supabase_realtime' and schemaname = 'public' and tablename = t
    ) then
      execute format('alter publication supabase_realtime add table public.%I', t);
    end if;
  end loop;
end
$$;
