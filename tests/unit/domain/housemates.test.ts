import { describe, expect, it } from 'vitest';
import { housemateWindow, toHousemateCard, type HousemateProfile } from '../../../src/domain/housemates.ts';

const guest: HousemateProfile = {
  name: 'maria lopez', age: 31, interests: ['Surfing', 'Yoga', 'Coffee', 'Art'], profession: 'Designer',
  work_timezone: 'Europe/Paris', show_in_whos_staying: true,
};

describe("Who's Staying card", () => {
  it('shows only initial, age band, three interests, profession and timezone', () => {
    expect(toHousemateCard(guest)).toEqual({
      initial: 'M', ageBand: '30-34', interests: ['Surfing', 'Yoga', 'Coffee'], profession: 'Designer', timezone: 'Europe/Paris',
    });
  });

  it.each<[boolean | null, boolean]>([[true, true], [null, true], [false, false]])('show_in_whos_staying %s → shown %s', (flag, shown) => {
    expect(toHousemateCard({ ...guest, show_in_whos_staying: flag }) !== null).toBe(shown);
  });

  it('copes with an empty profile', () => {
    expect(toHousemateCard({ name: null, age: null, interests: null, profession: null, work_timezone: null, show_in_whos_staying: true }))
      .toEqual({ initial: 'U', ageBand: null, interests: [], profession: null, timezone: null });
  });

  it.each([['2025-01-01', '2025-04-01'], ['2024-12-15', '2025-03-15']])('window from %s ends %s (90 days)', (today, end) => {
    expect(housemateWindow(today)).toEqual({ start: today, end });
  });
});
