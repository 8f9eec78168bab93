// Room stay length in weeks (min ≤ max), shared by the room form page and the add-room dialog.
import { MAX_STAY_TOO_LOW, MIN_STAY_TOO_LOW } from '../messages.ts';
import { wholeAtLeast } from './fields.ts';

export const stayWeeksEntries = {
  min_stay_weeks: wholeAtLeast(1, MIN_STAY_TOO_LOW),
  max_stay_weeks: wholeAtLeast(1, MAX_STAY_TOO_LOW),
};

/** min ≤ max; the forms report it on max_stay_weeks, the field a host usually corrects. */
export const isStayWeeksInOrder = (room: { min_stay_weeks: number; max_stay_weeks: number }): boolean =>
  room.min_stay_weeks <= room.max_stay_weeks;
