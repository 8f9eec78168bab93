import { describe, expect, it } from 'vitest';
import { CANNOT_ACCEPT_BOOKING, UNEXPECTED_ERROR } from '../../../../src/domain/messages.ts';
import { decisionFailedToast } from '../../../../src/features/dashboard/decision-errors.ts';
import { RemoteError } from '../../../../src/remote/errors.ts';

describe('host decision failures', () => {
  it('shows the server refusal of an unpaid accept as the SPEC toast', () => {
    const error = new RemoteError('permanent', CANNOT_ACCEPT_BOOKING.description!, { code: 'P0001', status: 400, hint: 'Cannot accept booking' });
    expect(decisionFailedToast('accept', error)).toEqual(CANNOT_ACCEPT_BOOKING);
  });

  it("passes any other server message through under the decision's title", () => {
    expect(decisionFailedToast('accept', new Error('Booking not found'))).toEqual({ title: 'Cannot accept booking', description: 'Booking not found' });
    expect(decisionFailedToast('decline', new Error('Only paid booking requests can be declined; this one is accepted.'))).toEqual({
      title: 'Could not decline booking',
      description: 'Only paid booking requests can be declined; this one is accepted.',
    });
  });

  it('falls back to the generic text without a message', () => {
    expect(decisionFailedToast('complete', new Error(''))).toEqual({ title: 'Could not mark as completed', description: UNEXPECTED_ERROR });
    expect(decisionFailedToast('complete', {})).toEqual({ title: 'Could not mark as completed', description: UNEXPECTED_ERROR });
  });

  it("never shows the database's own words (an RLS refusal)", () => {
    const error = new RemoteError('permanent', 'new row violates row-level security policy for table "bookings"', { code: '42501', status: 403 });
    expect(decisionFailedToast('complete', error)).toEqual({ title: 'Could not mark as completed', description: "You don't have permission to do that." });
  });
});
