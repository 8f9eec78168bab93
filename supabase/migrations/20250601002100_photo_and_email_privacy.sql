-- Privacy fixes of a security review:
--
-- * Photo location leaks (docs/decisions/photo-metadata.md): the photo buckets are written only by the
--   upload-photo function, which refuses a photo still carrying EXIF, XMP or text metadata. Owners keep
--   reading (listing) and deleting their own objects directly.
-- * A profile photo is a path in its owner's folder of profile-photos (docs/decisions/profile-photo-paths.md),
--   never a URL of another origin that every viewer's browser would call.
-- * A host reads a guest's e-mail only on a booking that opens the two profiles to each other
--   (private.has_paid_booking_with: paid, pending, accepted, completed), never on an unpaid or
--   cancelled one.

-- ----------------------------------------------------------------------------- photo writes

drop policy if exists "nomadnest profile photos: owner uploads" on storage.objects;
drop policy if exists "nomadnest profile photos: owner updates" on storage.objects;
drop policy if exists "nomadnest listing photos: host uploads" on storage.objects;
drop policy if exists "nomadnest listing photos: host updates" on storage.objects;

-- ---------------------------------------------------------------------------- profile photo

-- `https://<any origin>/storage/v1/object/public/profile-photos/…` (what getPublicUrl gave the app) is
-- kept as its path: the path alone can only ever name an object of this project.
create or replace function private.profile_photo_as_path(p_value text)
returns text
language sql
immutable
set search_path = ''
as $$
  select coalesce(substring(p_value from '^https?://[^/?#]+(/storage/v1/object/public/profile-photos/[^?#]*)$'), p_value)
$$;

create or replace function private.tg_profiles_photo_as_path()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.profile_photo := private.profile_photo_as_path(new.profile_photo);
  return new;
end
$$;

revoke all on function private.profile_photo_as_path(text), private.tg_profiles_photo_as_path() from public;
grant execute on function private.profile_photo_as_path(text), private.tg_profiles_photo_as_path() to authenticated, service_role;

create trigger profiles_photo_as_path
  before insert or update of profile_photo on public.profiles
  for each row execute function private.tg_profiles_photo_as_path();

-- Existing values: public URLs become paths; anything else that is not a path of the owner's folder goes.
update public.profiles set profile_photo = private.profile_photo_as_path(profile_photo)
where profile_photo is distinct from private.profile_photo_as_path(profile_photo);
update public.profiles set profile_photo = null
where profile_photo <> '' and profile_photo !~ ('^/storage/v1/object/public/profile-photos/' || id::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$');

alter table public.profiles add constraint profiles_photo_own_object check (
  profile_photo = ''
  or profile_photo ~ ('^/storage/v1/object/public/profile-photos/' || id::text || '/[A-Za-z0-9][A-Za-z0-9._-]{0,127}$')
);

-- ------------------------------------------------------------------------------ guest e-mail

-- Fires after bookings_before_insert (which takes the e-mail from the JWT) and bookings_transition
-- (which refuses a client changing it): BEFORE triggers run in name order.
create or replace function private.tg_bookings_visible_guest_email()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status in ('paid', 'pending', 'accepted', 'completed') and new.deleted_at is null then
    new.guest_email := coalesce(new.guest_email, (select nullif(btrim(u.email), '') from auth.users u where u.id = new.user_id));
  else
    new.guest_email := null;
  end if;
  return new;
end
$$;

revoke all on function private.tg_bookings_visible_guest_email() from public;

create trigger bookings_visible_guest_email
  before insert or update on public.bookings
  for each row execute function private.tg_bookings_visible_guest_email();

update public.bookings set guest_email = null
where guest_email is not null and (status not in ('paid', 'pending', 'accepted', 'completed') or deleted_at is not null);
