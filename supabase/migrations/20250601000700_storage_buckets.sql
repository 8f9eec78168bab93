-- Photo buckets (docs/product.md §3): public reads through public URLs, 5 MB, images only.
-- Write rules (docs/architecture.md §4):
--   profile-photos   : {auth.uid()}/...           only by that user
--   property-photos  : {property_id}/...          only by that property's host
--   room-photos      : {property_id}/...          only by that property's host
-- SELECT policies mirror the write rules: public files are served by the public endpoint without a
-- policy, and a broad SELECT would let anyone list the buckets. Upsert needs INSERT + SELECT + UPDATE.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values
  ('profile-photos', 'profile-photos', true, 5242880, array['image/*']),
  ('property-photos', 'property-photos', true, 5242880, array['image/*']),
  ('room-photos', 'room-photos', true, 5242880, array['image/*'])
on conflict (id) do update
  set public = excluded.public,
      file_size_limit = excluded.file_size_limit,
      allowed_mime_types = excluded.allowed_mime_types;

-- True when the first folder of an object path names a property the caller hosts.
create or replace function public.is_host_of_storage_path(p_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.properties p
    where p.id::text = (storage.foldername(p_name))[1]
      and p.host_id = (select auth.uid())
  )
$$;

revoke all on function public.is_host_of_storage_path(text) from public, anon;
grant execute on function public.is_host_of_storage_path(text) to authenticated, service_role;

create policy "nomadnest profile photos: owner reads" on storage.objects
  for select to authenticated
  using (bucket_id = 'profile-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "nomadnest profile photos: owner uploads" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'profile-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "nomadnest profile photos: owner updates" on storage.objects
  for update to authenticated
  using (bucket_id = 'profile-photos' and (storage.foldername(name))[1] = (select auth.uid())::text)
  with check (bucket_id = 'profile-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "nomadnest profile photos: owner deletes" on storage.objects
  for delete to authenticated
  using (bucket_id = 'profile-photos' and (storage.foldername(name))[1] = (select auth.uid())::text);

create policy "nomadnest listing photos: host reads" on storage.objects
  for select to authenticated
  using (bucket_id in ('property-photos', 'room-photos') and public.is_host_of_storage_path(name));

create policy "nomadnest listing photos: host uploads" on storage.objects
  for insert to authenticated
  with check (bucket_id in ('property-photos', 'room-photos') and public.is_host_of_storage_path(name));

create policy "nomadnest listing photos: host updates" on storage.objects
  for update to authenticated
  using (bucket_id in ('property-photos', 'room-photos') and public.is_host_of_storage_path(name))
  with check (bucket_id in ('property-photos', 'room-photos') and public.is_host_of_storage_path(name));

create policy "nomadnest listing photos: host deletes" on storage.objects
  for delete to authenticated
  using (bucket_id in ('property-photos', 'room-photos') and public.is_host_of_storage_path(name));
