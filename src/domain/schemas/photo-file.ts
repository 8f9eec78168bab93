// Photo uploads (docs/product.md §5): image files only, at most 5 MB (File too large / Please upload an image
// smaller than 5MB), and only the raster types the photo buckets accept (ALLOWED_PHOTO_TYPES).
// Checked on the Blob/File the picker gives, before any upload starts.
import * as v from 'valibot';
import { ALLOWED_PHOTO_TYPES, MAX_PHOTO_BYTES } from '../constants.ts';
import { FILE_TOO_LARGE, NOT_AN_IMAGE } from '../messages.ts';

const NOT_IMAGE = NOT_AN_IMAGE.description ?? NOT_AN_IMAGE.title;
const TOO_LARGE = FILE_TOO_LARGE.description ?? FILE_TOO_LARGE.title;
/** (ours) An image the photo buckets refuse (SVG, GIF, HEIC, …): say which ones they take. */
export const UNSUPPORTED_PHOTO_TYPE = 'Please upload a JPG, PNG, WebP or AVIF image';

export const photoFileSchema = v.pipe(
  v.blob(NOT_IMAGE),
  v.check((file) => file.type.startsWith('image/'), NOT_IMAGE),
  v.check((file) => !file.type.startsWith('image/') || ALLOWED_PHOTO_TYPES.includes(file.type.toLowerCase()), UNSUPPORTED_PHOTO_TYPE),
  v.maxSize(MAX_PHOTO_BYTES, TOO_LARGE),
);
