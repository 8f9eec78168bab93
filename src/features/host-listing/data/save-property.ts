// Save and Continue of the property form: the listing row first (storage only accepts photos under a
// property its host owns), then the picked photos, then the photo list. Every row the server returns
// goes into the local mirror, so the property page renders it at once (and offline later).
import { storageObjectPath } from '../../../domain/listing-photos.ts';
import { newPropertyInsert, type ListingProperty } from '../../../domain/schemas/listing-property.ts';
import { logger } from '../../../lib/logger.ts';
import { createListingProperty, updateListingProperty } from '../../../remote/listing-properties.ts';
import { removeListingPhotos } from '../../../remote/listing-photos.ts';
import { cacheServerRows } from '../../../sync/session-actions.ts';
import { uploadPhotoBatch } from './listing-photo-batch.ts';
import { errorMessage } from '../../../lib/error-message.ts';

const BUCKET = 'property-photos';

export class PhotoUploadError extends Error {
  constructor(readonly propertyId: string, cause: unknown) {
    super(errorMessage(cause));
    this.name = 'PhotoUploadError';
  }
}

export interface PropertySave {
  values: ListingProperty;
  /** stored photos kept, in order (edit mode) */
  keptPhotos: readonly string[];
  /** stored photos the host removed in the form (edit mode) */
  removedPhotos: readonly string[];
  newFiles: readonly File[];
  onProgress: (fraction: number) => void;
}

/** A new listing; photos that fail to upload leave the listing saved without them (PhotoUploadError). */
export async function createProperty(save: PropertySave): Promise<string> {
  const id = crypto.randomUUID();
  const { photos: _ignored, ...values } = save.values;
  const created = await createListingProperty(id, { ...newPropertyInsert(values), photos: [] });
  await cacheServerRows('properties', [created]);
  if (save.newFiles.length === 0) return id;
  let urls: string[];
  try {
    urls = await uploadPhotoBatch(BUCKET, id, save.newFiles, save.onProgress);
  } catch (error) {
    throw new PhotoUploadError(id, error);
  }
  const withPhotos = await updateListingProperty(id, { photos: urls });
  await cacheServerRows('properties', [withPhotos]);
  return id;
}

/** Edits a listing: upload new photos, then one update with the fields and the photo list. */
export async function updateProperty(id: string, save: PropertySave): Promise<void> {
  let urls: string[];
  try {
    urls = await uploadPhotoBatch(BUCKET, id, save.newFiles, save.onProgress);
  } catch (error) {
    throw new PhotoUploadError(id, error);
  }
  const { photos: _ignored, ...values } = save.values;
  const updated = await updateListingProperty(id, { ...values, photos: [...save.keptPhotos, ...urls] });
  await cacheServerRows('properties', [updated]);
  const paths = save.removedPhotos.map((url) => storageObjectPath(url, BUCKET)).filter((path): path is string => path !== null);
  // The listing no longer shows them; a file left behind is only storage, so a failure is logged.
  await removeListingPhotos(BUCKET, paths).catch((error: unknown) => logger.warn('Removing replaced property photos failed', error));
}
