import { useEffect, useState } from 'react';
import { logger } from '../../../lib/logger.ts';
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
  const [answer, setAnswer] = useState<{ key: string; result: FreeRooms } | null>(null);
  const key = checkIn && checkOut ? `${checkIn}/${checkOut}` : null;

  useEffect(() => {
    if (!checkIn || !checkOut || !isOnline) return;
    let isCurrent = true;
    const requested = `${checkIn}/${checkOut}`;
    fetchFreeRoomIds(checkIn, checkOut, 1).then(
      (ids) => {
        if (isCurrent) setAnswer({ key: requested, result: { status: 'ready', ids } });
      },
      (error: unknown) => {
        logger.warn('Free rooms for the dates could not be fetched', error);
        if (isCurrent) setAnswer({ key: requested, result: { status: 'unchecked' } });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [checkIn, checkOut, isOnline]);

  if (!key) return { status: 'none' };
  if (answer?.key === key) return answer.result;
  return isOnline ? { status: 'loading' } : { status: 'unchecked' };
}
