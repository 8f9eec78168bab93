import { describe, expect, it } from 'vitest';
import { parsePendingBooking, serializePendingBooking, type PendingBooking } from '../../../src/domain/pending-booking.ts';

const booking: PendingBooking = {
  propertyId: '6b0f5a8e-3c1a-4f0e-9a4b-1f2d3c4b5a69',
  propertyName: 'Villa Sawah',
  roomId: 'b1f0c2d3-4e5f-4a6b-8c7d-9e0f1a2b3c4d',
  roomName: 'Garden Room',
  roomPrice: 350,
  checkIn: '2025-07-01',
  duration: 2.5,
  totalPrice: 3789,
};

describe('pending booking in browser storage', () => {
  it('round-trips', () => {
    expect(parsePendingBooking(serializePendingBooking(booking))).toEqual(booking);
  });

  it.each<[string, string | null | undefined]>([
    ['nothing stored', null],
    ['undefined', undefined],
    ['empty', ''],
    ['not JSON', '{propertyId:'],
    ['JSON null', 'null'],
    ['an array', '[]'],
    ['a missing field', JSON.stringify({ ...booking, roomId: undefined })],
    ['an empty property id', JSON.stringify({ ...booking, propertyId: '' })],
    ['an impossible date', JSON.stringify({ ...booking, checkIn: '2025-02-30' })],
    ['a timestamp instead of a date', JSON.stringify({ ...booking, checkIn: '2025-07-01T00:00:00.000Z' })],
    ['6.5 months', JSON.stringify({ ...booking, duration: 6.5 })],
    ['0.5 months', JSON.stringify({ ...booking, duration: 0.5 })],
    ['a string price', JSON.stringify({ ...booking, totalPrice: '3789' })],
    ['a negative price', JSON.stringify({ ...booking, roomPrice: -1 })],
  ])('ignores %s', (_, stored) => {
    expect(parsePendingBooking(stored)).toBeNull();
  });

  it('drops unknown keys', () => {
    expect(parsePendingBooking(JSON.stringify({ ...booking, extra: 'x' }))).toEqual(booking);
  });
});
