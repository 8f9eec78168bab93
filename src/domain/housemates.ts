// Who's Staying (docs/product.md §6, §9; docs/architecture.md §4): guests with confirmed stays at the property in the next
// 90 days, shown only if they opted in, and then only as first initial, age band, at most 3
// interests, profession and timezone. The database view enforces the same; this shapes the card.
import { ageBand } from './age-band.ts';
import { HOUSEMATE_LOOKAHEAD_DAYS, MAX_HOUSEMATE_INTERESTS } from './constants.ts';
import { firstInitial } from './initials.ts';
import { addDaysToDate, type DateOnly } from './stay-dates.ts';

export type HousemateProfile = {
  name: string | null;
  age: number | null;
  interests: readonly string[] | null;
  profession: string | null;
  work_timezone: string | null;
  show_in_whos_staying: boolean | null;
};

export type HousemateCard = {
  initial: string;
  ageBand: string | null;
  interests: string[];
  profession: string | null;
  timezone: string | null;
};

/** Stays overlapping [today, today + 90 days] count as housemates. */
export function housemateWindow(today: DateOnly): { start: DateOnly; end: DateOnly } {
  return { start: today, end: addDaysToDate(today, HOUSEMATE_LOOKAHEAD_DAYS) };
}

/** The public card of an opted-in guest; null when the guest has not opted in (null counts as the default, true). */
export function toHousemateCard(profile: HousemateProfile): HousemateCard | null {
  if (profile.show_in_whos_staying === false) return null;
  return {
    initial: firstInitial(profile.name),
    ageBand: ageBand(profile.age),
    interests: (profile.interests ?? []).slice(0, MAX_HOUSEMATE_INTERESTS),
    profession: profile.profession,
    timezone: profile.work_timezone,
  };
}
