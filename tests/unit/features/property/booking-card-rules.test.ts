import { afterEach, describe, expect, it, vi } from 'vitest';
import { bookingFieldErrors, firstInvalidBookingField, validateBookingRequest } from '../../../../src/domain/booking-request.ts';
import { isDayBooked, toBlockingRanges } from '../../../../src/features/property/booking/booked-ranges.ts';
import { quoteStay } from '../../../../src/features/property/booking/booking-quote.ts';
import { savePendingBooking, takePendingBooking } from '../../../../src/features/property/booking/pending-booking-store.ts';
import type { BookedDatesRow } from '../../../../src/remote/property-detail.ts';

const room = 'room-1';
const rows: BookedDatesRow[] = [
  { booking_id: 'b-paid', room_id: room, start_date: '2031-03-01', end_date: '2031-04-01', status: 'paid', held_until: null },
  { booking_id: 'b-mine', room_id: room, start_date: '2031-05-01', end_date: '2031-06-01', status: 'held', held_until: '2031-01-01T00:00:00Z' },
  { booking_id: 'b-other', room_id: room, start_date: '2031-07-01', end_date: '2031-08-01', status: 'held', held_until: '2031-01-01T00:00:00Z' },
  { booking_id: 'b-room2', room_id: 'room-2', start_date: '2031-09-01', end_date: '2031-10-01', status: 'accepted', held_until: null },
];

describe('taken days of a room', () => {
  const ranges = toBlockingRanges(rows, new Set(['b-mine']));

  it("blocks paid, accepted and other guests' live holds, never the guest's own hold", () => {
    expect(ranges.map((range) => range.start_date)).toEqual(['2031-03-01', '2031-07-01', '2031-09-01']);
    expect(isDayBooked('2031-07-15', room, ranges)).toBe(true);
    expect(isDayBooked('2031-05-15', room, ranges)).toBe(false);
  });

  it('counts the check-in day, frees the check-out day, and looks only at the chosen room', () => {
    expect(isDayBooked('2031-03-01', room, ranges)).toBe(true);
    expect(isDayBooked('2031-03-31', room, ranges)).toBe(true);
    expect(isDayBooked('2031-04-01', room, ranges)).toBe(false);
    expect(isDayBooked('2031-09-15', room, ranges)).toBe(false);
    expect(isDayBooked('2031-09-15', 'room-2', ranges)).toBe(true);
    expect(isDayBooked('2031-03-15', null, ranges)).toBe(false);
  });

  it('makes the validator refuse a stay that runs into a taken range with Dates unavailable', () => {
    const result = validateBookingRequest({ roomId: room, checkIn: '2031-02-15', months: 1 }, { today: '2031-01-01', bookedRanges: ranges });
    expect(result).toEqual({ ok: false, toast: expect.objectContaining({ title: 'Dates unavailable' }) });
    const free = validateBookingRequest({ roomId: room, checkIn: '2031-04-01', months: 1 }, { today: '2031-01-01', bookedRanges: ranges });
    expect(free.ok).toBe(true);
  });
});

describe('booking quote', () => {
  it('computes checkout (calendar months + half month as 15 days) and the 4.33-week total', () => {
    expect(quoteStay('2031-01-10', 2.5, 240)).toMatchObject({ checkOut: '2031-03-25', total: 2598, price: { billedWeeks: 10.825 } });
    expect(quoteStay('2031-01-31', 1, 100)).toMatchObject({ checkOut: '2031-02-28', total: 433 });
  });

  it('prices the stay once room and duration are chosen; checkout waits for the check-in', () => {
    expect(quoteStay(null, 2, 240)).toMatchObject({ checkOut: null, total: 2078 });
  });

  it('has no quote until a valid duration and a priced room are chosen', () => {
    expect(quoteStay('2031-01-10', null, 240)).toBeNull();
    expect(quoteStay('2031-01-10', 2.25, 240)).toBeNull();
    expect(quoteStay('2031-01-10', 7, 240)).toBeNull();
    expect(quoteStay('2031-01-10', 2, undefined)).toBeNull();
  });
});

describe('pending booking storage', () => {
  afterEach(() => vi.unstubAllGlobals());

  function stubStorage() {
    const values = new Map<string, string>();
    const localStorage = {
      getItem: (key: string) => values.get(key) ?? null,
      setItem: (key: string, value: string) => void values.set(key, value),
      removeItem: (key: string) => void values.delete(key),
    };
    vi.stubGlobal('window', { localStorage });
    return values;
  }

  const pending = {
    propertyId: 'p-1', propertyName: 'Villa', roomId: room, roomName: 'Room', roomPrice: 240, checkIn: '2031-01-10', duration: 2.5, totalPrice: 2598,
  };

  it('hands the booking back once, on its own property only', () => {
    const values = stubStorage();
    savePendingBooking(pending);
    expect(values.get('pendingBooking')).toBeDefined();
    expect(takePendingBooking('p-other')).toBeNull();
    expect(values.has('pendingBooking')).toBe(true);
    expect(takePendingBooking('p-1')).toEqual(pending);
    expect(takePendingBooking('p-1')).toBeNull();
  });

  it('drops a corrupt or tampered value instead of restoring it', () => {
    const values = stubStorage();
    values.set('pendingBooking', JSON.stringify({ ...pending, duration: 9 }));
    expect(takePendingBooking('p-1')).toBeNull();
    expect(values.has('pendingBooking')).toBe(false);
    values.set('pendingBooking', '{not json');
    expect(takePendingBooking('p-1')).toBeNull();
  });
});

describe('booking card field errors', () => {
  const today = '2031-01-01';
  it('marks every missing field, room first', () => {
    const errors = bookingFieldErrors({ roomId: null, checkIn: null, months: null }, { today });
    expect(errors).toEqual({ roomId: 'Select a room', checkIn: 'Select a check-in date', months: 'Select a duration' });
    expect(firstInvalidBookingField(errors)).toBe('roomId');
  });

  it('marks only what is missing', () => {
    expect(bookingFieldErrors({ roomId: 'r1', checkIn: null, months: 2 }, { today })).toEqual({ checkIn: 'Select a check-in date' });
    expect(firstInvalidBookingField({ months: 'Select a duration' })).toBe('months');
  });

  it('puts the stay-limit and date rules under their field', () => {
    expect(bookingFieldErrors({ roomId: 'r1', checkIn: '2031-02-01', months: 7 }, { today })).toEqual({ months: 'Maximum stay is 6 months' });
    expect(bookingFieldErrors({ roomId: 'r1', checkIn: '2030-12-01', months: 2 }, { today })).toEqual({ checkIn: 'Check-in cannot be in the past' });
    expect(bookingFieldErrors({ roomId: 'r1', checkIn: '2031-02-01', months: 2 }, { today })).toEqual({});
    expect(firstInvalidBookingField({})).toBeNull();
  });
});
