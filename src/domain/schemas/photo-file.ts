// Photo uploads (SPEC §5): image files only, at most 5 MB (File too large / Please upload an image
// smaller than 5MB). Checked on the Blob/File the picker gives, before any upload starts.
import * as v from 'valibot';
import { MAX_PHOTO_BYTES } from '../constants.ts';
import { FILE_TOO_LARGE, NOT_AN_IMAGE } from '../messages.ts';

const NOT_IMAGE = NOT_AN_IMAGE.description ?? NOT_AN_IMAGE.title;
const TOO_LARGE = FILE_TOO_LARGE.description ?? FILE_TOO_LARGE.title;

export const photoFileSchema = v.pipe(
  v.blob(NOT_IMAGE),
  v.check((file) => file.type.startsWith('image/'), NOT_IMAGE),
  v.maxSize(MAX_PHOTO_BYTES, TOO_LARGE),
);
