// upload-photo: POST ?bucket=<photo bucket>&path=<folder>/<name>, body the photo's bytes, content-type its
// type, with the user's bearer token → { path: '/storage/v1/object/public/<bucket>/<path>' }. The only
// writer of the photo buckets (docs/decisions/photo-metadata.md): hosted Storage runs no code of ours on
// upload, so the check that no photo keeps its EXIF/XMP block (GPS position, camera) lives here. The
// folder is the caller's user id in profile-photos, a property the caller hosts in the listing buckets.
// A photo's renditions come the same way (docs/decisions/photo-renditions.md): a path named by the rule
// `<photo>.w<width>.webp` is taken only as one of the bucket's widths, in WebP, at most that wide.
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES, STORAGE_BUCKETS } from '../_shared/domain/constants.ts';
import { isRenditionPath, parseRenditionPath, RENDITION_TYPE } from '../_shared/domain/photo-renditions.ts';
import { HttpError, jsonResponse, postHandler } from '../_shared/http.ts';
import { createAdminClient, requireUser } from '../_shared/supabase-admin.ts';
import { hasPhotoMetadata, sniffPhotoType, webpWidth, type PhotoType } from './photo-bytes.ts';

const photoBuckets: readonly string[] = Object.values(STORAGE_BUCKETS);
/** `{uuid}/{one safe name}`: no traversal, no nested folders. */
const photoPath = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/([A-Za-z0-9][A-Za-z0-9._-]{0,127})$/i;

export default postHandler('upload-photo', async (req) => {
  const admin = createAdminClient();
  const user = await requireUser(req, admin);
  const query = new URL(req.url).searchParams;
  const bucket = query.get('bucket') ?? '';
  const path = query.get('path') ?? '';
  if (!photoBuckets.includes(bucket)) throw new HttpError(400, 'invalid_bucket', 'Photos go to profile-photos, property-photos or room-photos.');
  const folder = photoPath.exec(path)?.[1]?.toLowerCase();
  if (!folder) throw new HttpError(400, 'invalid_path', 'The photo path must be <folder>/<name> (letters, digits, dot, dash, underscore).');
  const rendition = parseRenditionPath(path);
  if (rendition && (!isRenditionPath(bucket, path) || parseRenditionPath(rendition.original))) {
    throw new HttpError(400, 'invalid_rendition', 'This bucket keeps no rendition of that width.');
  }

  const mayWrite = bucket === STORAGE_BUCKETS.profilePhotos
    ? folder === user.id
    : Boolean((await admin.from('properties').select('id').eq('id', folder).eq('host_id', user.id).is('deleted_at', null).maybeSingle()).data);
  if (!mayWrite) throw new HttpError(403, 'forbidden', 'You can only upload photos of your own profile or listings.');

  const type = (req.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (!ALLOWED_PHOTO_TYPES.includes(type)) throw new HttpError(415, 'unsupported_type', 'Please upload a JPEG, PNG, WebP or AVIF image.');
  if (Number(req.headers.get('content-length') ?? 0) > MAX_PHOTO_BYTES) throw new HttpError(413, 'file_too_large', 'Photos can be at most 5 MB.');
  const bytes = new Uint8Array(await req.arrayBuffer());
  if (bytes.length > MAX_PHOTO_BYTES) throw new HttpError(413, 'file_too_large', 'Photos can be at most 5 MB.');
  if (sniffPhotoType(bytes) !== type) throw new HttpError(415, 'type_mismatch', `The file content does not match mime type ${type}`);
  if (hasPhotoMetadata(bytes, type as PhotoType)) {
    throw new HttpError(422, 'photo_metadata', 'This photo still carries location or camera details. Upload it through the NomadNest app, which removes them.');
  }
  if (rendition) {
    if (type !== RENDITION_TYPE) throw new HttpError(415, 'invalid_rendition', 'Renditions are WebP images.');
    const width = webpWidth(bytes);
    if (width === null || width > rendition.width) throw new HttpError(422, 'invalid_rendition', `A .w${rendition.width} rendition is at most ${rendition.width} px wide.`);
  }

  const { error } = await admin.storage.from(bucket).upload(path, bytes, { contentType: type, upsert: true, cacheControl: '3600' });
  if (error) throw new Error(`storage upload: ${error.message}`);
  return jsonResponse({ path: `/storage/v1/object/public/${bucket}/${path}` });
});
