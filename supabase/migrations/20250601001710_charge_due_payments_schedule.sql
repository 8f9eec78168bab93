-- Hosted Supabase: pg_cron calls charge-due-payments every hour (docs/decisions/pay-monthly.md), through
-- pg_net, with the project URL and the service key read from Vault at run time (README "Monthly
-- payments"): until both secrets exist the job runs and does nothing. The stand-in has no pg_cron; it runs
-- the same function on the same schedule itself (supabase/local/src/scheduler/scheduled-functions.ts,
-- tied to this file by tests/integration/local/scheduler.test.ts). Where pg_cron or pg_net is not
-- available this migration only says so.
do $do$
begin
  -- pg_cron works only when the server preloads it (hosted Supabase does).
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or current_setting('shared_preload_libraries', true) not like '%pg_cron%' then
    raise notice 'pg_cron or pg_net not available: charge-due-payments is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net with schema extensions;
  perform cron.schedule(
    'charge-due-payments',
    '0 * * * *',
    $job$
    select net.http_post(
      url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/charge-due-payments',
      headers := jsonb_build_object(
        'Content-Type', 'application/json',
        'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'charge_payments_key')
      ),
      body := '{}'::jsonb
    )
    where exists (select 1 from vault.decrypted_secrets where name = 'project_url')
      and exists (select 1 from vault.decrypted_secrets where name = 'charge_payments_key');
    $job$
  );
end
$do$;
