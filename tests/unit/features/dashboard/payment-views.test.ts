// How a monthly stay's payments read on the dashboard, and the local query behind them.
import { describe, expect, it } from 'vitest';
import { listPaymentsOfBookings } from '../../../../src/db/queries/booking-payments.ts';
import { MAX_PAYMENT_ATTEMPTS } from '../../../../src/domain/payment-schedule.ts';
import { paidCountText } from '../../../../src/domain/payment-schedule.ts';
import { canEndStay, paymentStateText, paymentsOf } from '../../../../src/features/dashboard/payment-views.ts';
import { bookingPaymentRow, freshDb } from '../../db/fixtures.ts';

const payment = (overrides: Parameters<typeof bookingPaymentRow>[0]) => bookingPaymentRow(overrides);

describe('payment views', () => {
  it('counts the paid payments', () => {
    const rows = [payment({ id: 'a', booking_id: 'b', sequence: 1, status: 'paid' }), payment({ id: 'b', booking_id: 'b', sequence: 2, status: 'paid' }), payment({ id: 'c', booking_id: 'b', sequence: 3 })];
    expect(paidCountText(rows)).toBe('2 of 3 paid');
  });

  it('words each state', () => {
    const base = { id: 'p', booking_id: 'b', sequence: 2, due_date: '2031-02-10' };
    expect(paymentStateText(payment({ ...base, status: 'paid' }))).toBe('Paid');
    expect(paymentStateText(payment({ ...base, status: 'scheduled' }))).toBe('Due');
    expect(paymentStateText(payment({ ...base, status: 'processing' }))).toBe('Processing');
    expect(paymentStateText(payment({ ...base, status: 'failed', attempts: 1, next_attempt_at: '2031-02-11T12:00:00.000Z' }))).toBe('Failed — next try Feb 11, 2031');
    expect(paymentStateText(payment({ ...base, status: 'failed', attempts: MAX_PAYMENT_ATTEMPTS, next_attempt_at: null }))).toBe('Failed');
    expect(paymentStateText(payment({ ...base, status: 'cancelled' }))).toBe('Cancelled');
  });

  it('lets the host end an accepted or completed stay only once a payment failed on every retry', () => {
    const spent = [payment({ id: 'p', booking_id: 'b', sequence: 2, status: 'failed', attempts: MAX_PAYMENT_ATTEMPTS })];
    const retrying = [payment({ id: 'p', booking_id: 'b', sequence: 2, status: 'failed', attempts: MAX_PAYMENT_ATTEMPTS - 1 })];
    expect(canEndStay({ status: 'accepted' }, spent)).toBe(true);
    expect(canEndStay({ status: 'completed' }, spent)).toBe(true);
    expect(canEndStay({ status: 'accepted' }, retrying)).toBe(false);
    expect(canEndStay({ status: 'cancelled' }, spent)).toBe(false);
    expect(canEndStay({ status: 'paid' }, spent)).toBe(false);
  });

  it('picks the payments of one booking', () => {
    const rows = [payment({ id: 'a', booking_id: 'x', sequence: 1 }), payment({ id: 'b', booking_id: 'y', sequence: 1 })];
    expect(paymentsOf(rows, 'y').map((row) => row.id)).toEqual(['b']);
    expect(paymentsOf(undefined, 'y')).toEqual([]);
  });
});

describe('listPaymentsOfBookings', () => {
  it('reads the payments of the given bookings by sequence, without deleted ones', async () => {
    const db = await freshDb();
    await db.booking_payments.bulkPut([
      payment({ id: 'x3', booking_id: 'x', sequence: 3 }),
      payment({ id: 'x1', booking_id: 'x', sequence: 1 }),
      payment({ id: 'x2', booking_id: 'x', sequence: 2, deleted_at: '2025-03-02T00:00:00.000Z' }),
      payment({ id: 'y1', booking_id: 'y', sequence: 1 }),
      payment({ id: 'z1', booking_id: 'z', sequence: 1 }),
    ]);
    expect((await listPaymentsOfBookings(db, ['y', 'x'])).map((row) => row.id)).toEqual(['y1', 'x1', 'x3']);
    expect(await listPaymentsOfBookings(db, [])).toEqual([]);
  });
});
