import { createListingRoom, deleteListingRoom, updateListingRoom, type RoomCreate, type RoomWrite } from '../../../../remote/listing-rooms.ts';
import { deleteListing } from '../../../../remote/listing-properties.ts';
import { cacheServerRows } from '../../../../sync/session-actions.ts';

export async function addRoom(propertyId: string, values: RoomCreate): Promise<void> {
  await cacheServerRows('rooms', [await createListingRoom(propertyId, values)]);
}

export async function editRoom(roomId: string, values: RoomWrite): Promise<void> {
  await cacheServerRows('rooms', [await updateListingRoom(roomId, values)]);
}

export async function removeRoom(roomId: string): Promise<void> {
  await cacheServerRows('rooms', await deleteListingRoom(roomId));
}

/**
 * Deletes the listing (rooms first) on the server. The local mirror is updated by `forget`, which
 * the caller runs after leaving the page (the page treats a vanished listing as "not found").
 */
export async function removeListing(propertyId: string): Promise<{ forget: () => Promise<void> }> {
  const deleted = await deleteListing(propertyId);
  return {
    forget: async () => {
      await cacheServerRows('rooms', deleted.rooms);
      await cacheServerRows('properties', deleted.properties);
    },
  };
}
