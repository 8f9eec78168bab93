import { batchProgress, listingPhotoPath } from '../../../domain/listing-photos.ts';
import { uploadListingPhotos, type ListingPhotoBucket } from '../../../remote/listing-photos.ts';

/** Uploads picked files under `{propertyId}/{timestamp}-{name}` and reports overall progress 0…1. */
export function uploadPhotoBatch(bucket: ListingPhotoBucket, propertyId: string, files: readonly File[], onProgress: (fraction: number) => void): Promise<string[]> {
  if (files.length === 0) return Promise.resolve([]);
  const sizes = files.map((file) => file.size);
  const now = Date.now();
  return uploadListingPhotos({
    bucket,
    // Distinct timestamps keep two files of the same name apart.
    files: files.map((file, index) => ({ file, path: listingPhotoPath(propertyId, file.name, now + index) })),
    onFileProgress: (index, fraction) => onProgress(batchProgress(sizes, index, fraction)),
  });
}
