-- Photo buckets accept only the raster formats the app shows (docs/product.md §5: image files, at most 5 MB).
-- `image/*` also let image/svg+xml through: an SVG can carry a script that runs when its public URL is
-- opened as a page (stored XSS on the storage origin). Keep this list equal to ALLOWED_PHOTO_TYPES in
-- src/domain/constants.ts and to [storage.buckets.*] in supabase/config.toml.
update storage.buckets
set allowed_mime_types = array['image/jpeg', 'image/png', 'image/webp', 'image/avif']
where id in ('profile-photos', 'property-photos', 'room-photos');
