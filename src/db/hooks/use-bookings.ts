import { listGuestBookings, listHostBookings, listPropertyBookings } from '../queries/bookings.ts';
import { useDbQuery } from './use-db-query.ts';

export function useGuestBookings(userId: string | null, limit?: number) {
  return useDbQuery(async (db) => (userId ? listGuestBookings(db, userId, limit) : []), [userId, limit]);
}

export function useHostBookings(hostId: string | null, limit?: number) {
  return useDbQuery(async (db) => (hostId ? listHostBookings(db, hostId, limit) : []), [hostId, limit]);
}

export function usePropertyBookings(propertyId: string | null, limit?: number) {
  return useDbQuery(async (db) => (propertyId ? listPropertyBookings(db, propertyId, limit) : []), [propertyId, limit]);
}
