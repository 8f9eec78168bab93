// Listing photo files (docs/product.md §7 Storage): upload with overwrite through the shared uploader (progress
// via XMLHttpRequest), and remove. Object paths are `{propertyId}/{timestamp}-{name}` in
// property-photos or room-photos; the storage policy lets only that property's host write them. A photo's
// renditions (`<path>.w<width>.webp`, docs/decisions/photo-renditions.md) are removed with it.
import { withRenditionPaths } from '../lib/photo-renditions.ts';
import { loadClient } from './load-client.ts';
import { uploadPublicPhoto } from './photo-upload.ts';
import { fromSupabase } from './supabase-errors.ts';

export type ListingPhotoBucket = 'property-photos' | 'room-photos';

/** Uploads one photo and returns its public URL. */
export function uploadListingPhoto(request: { bucket: ListingPhotoBucket; path: string; file: Blob; onProgress?: (fraction: number) => void }): Promise<string> {
  return uploadPublicPhoto({ ...request, upsert: true });
}

/** Removes stored photos (paths inside the bucket) and their renditions. */
export async function removeListingPhotos(bucket: ListingPhotoBucket, paths: readonly string[]): Promise<void> {
  if (paths.length === 0) return;
  const supabase = await loadClient();
  const { error } = await supabase.storage.from(bucket).remove(withRenditionPaths(bucket, paths));
  if (error) throw fromSupabase(error);
}

/**
 * Uploads files one after another (so progress reads naturally) and returns their URLs in order.
 * When one fails, the ones this batch already stored are removed again and the error is rethrown.
 */
export async function uploadListingPhotos(request: {
  bucket: ListingPhotoBucket;
  files: readonly { file: Blob; path: string }[];
  onFileProgress?: (index: number, fraction: number) => void;
}): Promise<string[]> {
  const urls: string[] = [];
  try {
    for (const [index, { file, path }] of request.files.entries()) {
      urls.push(await uploadListingPhoto({ bucket: request.bucket, path, file, onProgress: (fraction) => request.onFileProgress?.(index, fraction) }));
    }
    return urls;
  } catch (error) {
    // The stored paths (a photo may have changed type, and so extension, on the way).
    const stored = urls.map((url) => url.slice(url.indexOf(`/${request.bucket}/`) + request.bucket.length + 2));
    await removeListingPhotos(request.bucket, stored).catch(() => undefined);
    throw error;
  }
}
