import type { RoomForm } from '../../../domain/schemas/room.ts';
import { createListingRoom } from '../../../remote/listing-rooms.ts';
import { cacheServerRows } from '../../../sync/session-actions.ts';
import { uploadPhotoBatch } from './listing-photo-batch.ts';
import { PhotoUploadError } from './save-property.ts';

/** Add-room form: photos into room-photos under the property's folder, then the room row. */
export async function createRoom(propertyId: string, values: RoomForm, files: readonly File[], onProgress: (fraction: number) => void): Promise<void> {
  let photos: string[];
  try {
    photos = await uploadPhotoBatch('room-photos', propertyId, files, onProgress);
  } catch (error) {
    throw new PhotoUploadError(propertyId, error);
  }
  const room = await createListingRoom(propertyId, { ...values, photos });
  await cacheServerRows('rooms', [room]);
}
