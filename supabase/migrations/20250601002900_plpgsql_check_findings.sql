-- Findings of plpgsql_check (`supabase db lint`, docs/decisions/sql-lint-in-ci.md), fixed.
--
-- update_own_profile: `v_kept text[] := '{}'` initialised the array from a text value (42804, "target
-- type is different type than source type": an I/O cast at every call). The literal is typed now.
-- Body otherwise unchanged; CREATE OR REPLACE keeps the comment and the grants of
-- 20250601001500_profile_field_merge.sql.

create or replace function public.update_own_profile(p_patch jsonb, p_base jsonb)
returns jsonb
language plpgsql
volatile
security invoker
set search_path = ''
as $$
declare
  v_uid uuid := (select auth.uid());
  v_current jsonb;
  v_apply jsonb := '{}'::jsonb;
  v_kept text[] := '{}'::text[];
  v_key text;
  v_row public.profiles;
begin
  if v_uid is null then
    raise exception 'Not authenticated' using errcode = '42501';
  end if;
  if jsonb_typeof(p_patch) is distinct from 'object' or jsonb_typeof(p_base) is distinct from 'object' then
    raise exception 'p_patch and p_base must be objects' using errcode = '22023';
  end if;
  for v_key in select jsonb_object_keys(p_patch) loop
    if v_key = 'id' or not exists (
      select 1 from pg_catalog.pg_attribute a
      where a.attrelid = 'public.profiles'::regclass and a.attname = v_key and a.attnum > 0 and not a.attisdropped
    ) or not pg_catalog.has_column_privilege('public.profiles', v_key, 'UPDATE') then
      raise exception 'The profile field % cannot be changed', v_key using errcode = '42501';
    end if;
    if not (p_base ? v_key) then
      raise exception 'The profile field % has no base value', v_key using errcode = '22023';
    end if;
  end loop;

  -- Locks the row, so two devices' writes of one profile are decided one after the other.
  select to_jsonb(p) into v_current from public.profiles p where p.id = v_uid for update;
  if v_current is null then
    raise exception 'Profile not found' using errcode = 'P0002';
  end if;

  for v_key in select jsonb_object_keys(p_patch) loop
    if v_current -> v_key = p_patch -> v_key then
      continue; -- already there (a replay, or the same edit made elsewhere)
    elsif v_current -> v_key = p_base -> v_key then
      v_apply := v_apply || jsonb_build_object(v_key, p_patch -> v_key);
    else
      v_kept := v_kept || v_key;
    end if;
  end loop;

  if v_apply <> '{}'::jsonb then
    update public.profiles p set
      name = case when v_apply ? 'name' then r.name else p.name end,
      bio = case when v_apply ? 'bio' then r.bio else p.bio end,
      profession = case when v_apply ? 'profession' then r.profession else p.profession end,
      work_timezone = case when v_apply ? 'work_timezone' then r.work_timezone else p.work_timezone end,
      interests = case when v_apply ? 'interests' then coalesce(r.interests, '{}') else p.interests end,
      show_in_whos_staying = case when v_apply ? 'show_in_whos_staying' then r.show_in_whos_staying else p.show_in_whos_staying end,
      profile_photo = case when v_apply ? 'profile_photo' then r.profile_photo else p.profile_photo end,
      is_visible_to_guests = case when v_apply ? 'is_visible_to_guests' then r.is_visible_to_guests else p.is_visible_to_guests end,
      onboarding_complete = case when v_apply ? 'onboarding_complete' then r.onboarding_complete else p.onboarding_complete end,
      age = case when v_apply ? 'age' then r.age else p.age end
    from jsonb_populate_record(null::public.profiles, v_apply) r
    where p.id = v_uid
    returning p.* into v_row;
  else
    select p.* into v_row from public.profiles p where p.id = v_uid;
  end if;

  return jsonb_build_object('profile', to_jsonb(v_row), 'kept', to_jsonb(v_kept));
end
$$;
