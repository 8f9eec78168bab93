-- Push endpoints and the advisor's exposure lints (docs/decisions/tool-routes-guard.md,
-- docs/decisions/push-notifications.md).
--
-- 1. A push endpoint is an https URL of a browser push service, or the development push service at its
--    exact origin: the stand-in's push double, which the stand-in names as the database setting
--    app.settings.dev_push_origin (http://127.0.0.1:54321). Hosted projects never set it, so there
--    only https push services pass. Before, any http://127.0.0.1:<port>/<path> passed, and send-push
--    would POST to whatever local service listened there.
-- 2. is_house_member becomes SECURITY INVOKER (splinter lint 0029): it only asks the private helper.

-- ------------------------------------------------------------------------------ push endpoints

-- The browsers' push services (Chrome, Opera, Samsung: FCM; Firefox: Mozilla; Safari: Apple; Edge: Windows).
create or replace function private.is_push_service_endpoint(p_endpoint text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select p_endpoint is not null and char_length(p_endpoint) <= 2048
    and p_endpoint ~ '^https://(fcm\.googleapis\.com|updates\.push\.services\.mozilla\.com|[a-z0-9-]+(\.[a-z0-9-]+)*\.push\.apple\.com|[a-z0-9-]+(\.[a-z0-9-]+)*\.notify\.windows\.com)(:443)?/[^\s]*$'
$$;

-- The development push service's origin, read from the catalog (a database setting made after a
-- connection opened is not in that session's current_setting): null unless something set it.
create or replace function private.dev_push_origin()
returns text
language sql
stable
set search_path = ''
as $$
  select substr(setting, length('app.settings.dev_push_origin=') + 1)
  from pg_catalog.pg_db_role_setting s, unnest(s.setconfig) as setting
  where s.setrole = 0
    and s.setdatabase = (select oid from pg_catalog.pg_database where datname = current_database())
    and setting like 'app.settings.dev_push_origin=%'
  limit 1
$$;

create or replace function private.is_push_endpoint(p_endpoint text)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.is_push_service_endpoint(p_endpoint) or coalesce((
    select starts_with(p_endpoint, origin || '/push/v1/send/')
      and substr(p_endpoint, char_length(origin) + char_length('/push/v1/send/') + 1) ~ '^[A-Za-z0-9_-]{1,64}$'
    from (select private.dev_push_origin() as origin) o
    where origin ~ '^http://(127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}$'
  ), false)
$$;

-- The table keeps a rule that depends on nothing but the row (the setting changes with the port): a
-- push service, or the push double's path on a loopback host. Writes go through
-- register_push_subscription, which applies the exact origin above, and send-push checks it again.
delete from public.push_subscriptions
where not private.is_push_service_endpoint(endpoint)
  and endpoint !~ '^http://(127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}/push/v1/send/[A-Za-z0-9_-]{1,64}$';
alter table public.push_subscriptions drop constraint push_subscriptions_endpoint;
alter table public.push_subscriptions add constraint push_subscriptions_endpoint check (
  private.is_push_service_endpoint(endpoint)
  or endpoint ~ '^http://(127\.0\.0\.1|localhost|\[::1\]):[0-9]{1,5}/push/v1/send/[A-Za-z0-9_-]{1,64}$'
);

-- ------------------------------------------------------------------------------ advisor

grant execute on function private.is_house_member_of(uuid, uuid) to authenticated;
alter function public.is_house_member(uuid) security invoker;
