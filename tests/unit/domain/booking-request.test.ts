import { describe, expect, it } from 'vitest';
import { validateBookingRequest, type BookedRange, type BookingRequestInput } from '../../../src/domain/booking-request.ts';

const today = '2025-06-01';
const booked: BookedRange[] = [
  { start_date: '2025-07-01', end_date: '2025-08-01', status: 'accepted', room_id: 'room-a' },
  { start_date: '2025-09-01', end_date: '2025-10-01', status: 'paid', room_id: 'room-a' },
  { start_date: '2025-06-01', end_date: '2025-12-01', status: 'pending_payment', room_id: 'room-a' },
  { start_date: '2025-06-01', end_date: '2025-12-01', status: 'declined', room_id: 'room-a' },
  { start_date: '2025-06-01', end_date: '2025-12-01', status: 'cancelled', room_id: 'room-a' },
  { start_date: '2026-03-01', end_date: '2026-04-01', status: 'accepted', room_id: null },
];

const request = (overrides: Partial<BookingRequestInput> = {}): BookingRequestInput =>
  ({ roomId: 'room-a', checkIn: '2025-06-01', months: 1, ...overrides });

const INCOMPLETE = { title: 'Complete booking details', description: 'Please select a room, check-in date, and duration' };
const SELECT_ROOM = { title: 'Select a room' };
const MIN = { title: 'Minimum stay not met', description: 'Minimum stay is 1 month' };
const MAX = { title: 'Maximum stay exceeded', description: 'Maximum stay is 6 months' };
const STEP = { title: 'Invalid duration', description: 'Stays are booked in half-month steps' };
const PAST = { title: 'Invalid check-in date', description: 'Check-in cannot be in the past' };
const TAKEN = { title: 'Dates unavailable', description: 'Those dates are no longer available. Please select different dates.' };

describe('validateBookingRequest: failures in SPEC order', () => {
  it.each<[string, Partial<BookingRequestInput>, object]>([
    ['nothing chosen', { roomId: null, checkIn: null, months: null }, INCOMPLETE],
    ['no check-in', { checkIn: null }, INCOMPLETE],
    ['no duration', { months: undefined }, INCOMPLETE],
    ['duration 0 counts as missing', { months: 0 }, INCOMPLETE],
    ['duration NaN', { months: Number.NaN }, INCOMPLETE],
    ['an impossible date', { checkIn: '2025-02-30' }, INCOMPLETE],
    ['room and check-in missing', { roomId: null, checkIn: null }, INCOMPLETE],
    ['only the room missing', { roomId: null }, SELECT_ROOM],
    ['empty room id', { roomId: '' }, SELECT_ROOM],
    ['half a month', { months: 0.5 }, MIN],
    ['negative', { months: -1 }, MIN],
    ['6.5 months', { months: 6.5 }, MAX],
    ['12 months', { months: 12 }, MAX],
    ['1.25 months', { months: 1.25 }, STEP],
    ['yesterday', { checkIn: '2025-05-31' }, PAST],
    ['last year', { checkIn: '2024-06-01' }, PAST],
    ['check-in inside an accepted stay', { checkIn: '2025-07-15' }, TAKEN],
    ['check-in inside a paid stay', { checkIn: '2025-09-30' }, TAKEN],
    ['stay running into an accepted stay', { checkIn: '2025-06-10', months: 1 }, TAKEN],
    ['stay spanning a booked range', { checkIn: '2025-06-05', months: 6 }, TAKEN],
    ['property-wide range (no room_id)', { checkIn: '2026-03-10' }, TAKEN],
    ['property-wide range blocks other rooms too', { roomId: 'room-b', checkIn: '2026-03-10' }, TAKEN],
  ])('%s', (_, overrides, toast) => {
    expect(validateBookingRequest(request(overrides), { today, bookedRanges: booked })).toEqual({ ok: false, toast });
  });
});

describe('validateBookingRequest: accepted requests', () => {
  it.each<[string, Partial<BookingRequestInput>, string]>([
    ['today, 1 month, ending on a booked check-in', { checkIn: '2025-06-01', months: 1 }, '2025-07-01'],
    ['starting on a booked check-out day', { checkIn: '2025-08-01', months: 1 }, '2025-09-01'],
    ['1.5 months', { checkIn: '2025-10-01', months: 1.5 }, '2025-11-16'],
    ['4 months from a month end', { checkIn: '2025-10-31', months: 4 }, '2026-02-28'],
    ['another room is free', { roomId: 'room-b', checkIn: '2025-07-15', months: 6 }, '2026-01-15'],
  ])('%s', (_, overrides, checkOut) => {
    const input = request(overrides);
    expect(validateBookingRequest(input, { today, bookedRanges: booked })).toEqual({
      ok: true,
      value: { roomId: input.roomId, checkIn: input.checkIn, checkOut, months: input.months },
    });
  });

  it('ignores pending_payment, declined and cancelled ranges', () => {
    const result = validateBookingRequest(request({ checkIn: '2025-10-01', months: 1 }), { today, bookedRanges: booked });
    expect(result.ok).toBe(true);
  });

  it('works without booked ranges', () => {
    expect(validateBookingRequest(request({ checkIn: '2025-07-15' }), { today }).ok).toBe(true);
  });
});
