// The owner's photo actions on /property/{id}: add, reorder, delete. Each writes the property's photo
// list on the server and merges the row it gets back into the local mirror (the page re-renders).
import { batchProgress, listingPhotoPath, storageObjectPath } from '../../../../domain/listing-photos.ts';
import { logger } from '../../../../lib/logger.ts';
import { updateListingProperty } from '../../../../remote/listing-properties.ts';
import { removeListingPhotos, uploadListingPhotos } from '../../../../remote/listing-photos.ts';
import { cacheServerRows } from '../../../../sync/session-actions.ts';

const BUCKET = 'property-photos';

async function savePhotos(propertyId: string, photos: string[]): Promise<void> {
  const row = await updateListingProperty(propertyId, { photos });
  await cacheServerRows('properties', [row]);
}

/** Uploads to `{propertyId}/{timestamp}-{name}` and appends to the listing's photos. */
export async function addPropertyPhotos(propertyId: string, current: readonly string[], files: readonly File[], onProgress: (fraction: number) => void): Promise<void> {
  const sizes = files.map((file) => file.size);
  const now = Date.now();
  const paths = files.map((file, index) => listingPhotoPath(propertyId, file.name, now + index));
  const urls = await uploadListingPhotos({
    bucket: BUCKET,
    files: files.map((file, index) => ({ file, path: paths[index] ?? '' })),
    onFileProgress: (index, fraction) => onProgress(batchProgress(sizes, index, fraction)),
  });
  try {
    await savePhotos(propertyId, [...current, ...urls]);
  } catch (error) {
    // The stored paths: a photo re-encoded to another type was stored under another extension.
    await removeListingPhotos(BUCKET, urls.map((url) => storageObjectPath(url, BUCKET)).filter((path): path is string => path !== null)).catch(() => undefined);
    throw error;
  }
}

export function savePhotoOrder(propertyId: string, photos: string[]): Promise<void> {
  return savePhotos(propertyId, photos);
}

/** Takes the photo off the listing first, then removes the file (a leftover file is only logged). */
export async function deletePropertyPhoto(propertyId: string, current: readonly string[], url: string): Promise<void> {
  await savePhotos(propertyId, current.filter((photo) => photo !== url));
  const path = storageObjectPath(url, BUCKET);
  if (path) await removeListingPhotos(BUCKET, [path]).catch((error: unknown) => logger.warn('Removing a deleted photo file failed', error));
}
