import { useRemoteLoad } from '../../../hooks/use-remote-load.ts';
import { fetchFreeRoomIds } from '../../../remote/explore-properties.ts';

export type FreeRooms =
  /** no dates asked */
  | { status: 'none' }
  | { status: 'loading' }
  | { status: 'ready'; ids: ReadonlySet<string> }
  /** offline or the server could not answer: dates are not checked */
  | { status: 'unchecked' };

/**
 * The rooms free for a dated search, asked of the server (free_rooms_for_stay) whenever the range
 * changes and when the browser comes back online. Availability is everyone's bookings, so it is never
 * guessed from the device: offline the dates are reported unchecked.
 */
export function useFreeRooms(range: { checkIn: string; checkOut: string } | null, isOnline: boolean): FreeRooms {
  const checkIn = range?.checkIn ?? null;
  const checkOut = range?.checkOut ?? null;
  const answer = useRemoteLoad(
    checkIn && checkOut && isOnline ? () => fetchFreeRoomIds(checkIn, checkOut, 1) : null,
    [checkIn, checkOut, isOnline],
    'Free rooms for the dates could not be fetched',
  );

  if (!checkIn || !checkOut) return { status: 'none' };
  if (answer.status === 'ready') return { status: 'ready', ids: answer.data };
  return answer.status === 'loading' ? { status: 'loading' } : { status: 'unchecked' };
}
