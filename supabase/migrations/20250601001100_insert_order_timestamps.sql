-- Rows inserted by one API request share the transaction's now(). A batch of messages written
-- offline and sent in one request (src/sync, message.send@1 batches) must keep its order, and chats
-- sort by created_at: each insert of a transaction gets now() plus one microsecond more than the
-- previous one, so created_at follows insert order within a request as it does across requests.
create or replace function public.tg_set_sync_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  inserts_so_far integer;
begin
  if tg_op = 'INSERT' then
    new.version := 1;
    new.updated_at := now();
    if public.is_trusted_session() then
      new.created_at := coalesce(new.created_at, now());
    else
      inserts_so_far := coalesce(nullif(current_setting('nomadnest.inserts_in_transaction', true), ''), '0')::integer;
      perform set_config('nomadnest.inserts_in_transaction', (inserts_so_far + 1)::text, true);
      new.created_at := now() + make_interval(secs => inserts_so_far / 1000000.0);
    end if;
  else
    new.version := old.version + 1;
    new.updated_at := now();
    new.created_at := old.created_at;
  end if;
  return new;
end
$$;

revoke all on function public.tg_set_sync_columns() from public, anon, authenticated;
