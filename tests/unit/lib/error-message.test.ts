import { describe, expect, it } from 'vitest';
import { ERROR_TEXTS, errorMessage, mailWaitMessage } from '../../../src/lib/error-message.ts';

describe('errorMessage', () => {
  it.each([
    [new Error('Invalid login credentials'), 'Invalid login credentials'],
    ['plain text', 'plain text'],
    [{ code: 'x' }, ERROR_TEXTS.unexpected],
    [null, ERROR_TEXTS.unexpected],
    [new Error(''), ERROR_TEXTS.unexpected],
  ])('product wording passes: %j → %s', (error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });

  // The database's and the browser's words never reach a screen (docs/product.md §8).
  it.each([
    [{ message: 'new row violates row-level security policy for table "properties"', code: '42501' }, ERROR_TEXTS.notAllowed],
    [{ message: 'permission denied for table bookings', code: '42501', status: 401 }, ERROR_TEXTS.sessionExpired],
    [{ message: 'JWT expired', code: 'PGRST301' }, ERROR_TEXTS.sessionExpired],
    [{ message: 'JSON object requested, multiple (or no) rows returned', code: 'PGRST116' }, ERROR_TEXTS.notFound],
    [{ message: 'duplicate key value violates unique constraint "reviews_booking_id_key"', code: '23505' }, ERROR_TEXTS.duplicate],
    [{ message: 'new row for relation "rooms" violates check constraint "rooms_capacity_check"', code: '23514' }, ERROR_TEXTS.rejected],
    [{ message: 'canceling statement due to statement timeout', code: '57014' }, ERROR_TEXTS.server],
    [{ message: 'new row violates row-level security policy', statusCode: '403' }, ERROR_TEXTS.notAllowed],
    [new TypeError('Failed to fetch'), ERROR_TEXTS.offline],
    [{ kind: 'network', message: 'TypeError: NetworkError when attempting to fetch resource.' }, ERROR_TEXTS.offline],
    [{ message: 'upstream connect error', status: 502 }, ERROR_TEXTS.server],
  ])('raw server text is mapped: %j → %s', (error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });

  it("keeps our triggers' refusals (P0001), which are worded for people", () => {
    expect(errorMessage({ code: 'P0001', message: 'Only paid bookings can be accepted.' })).toBe('Only paid bookings can be accepted.');
  });

  it('words the auth server\'s e-mail confirmation refusals (docs/decisions/email-confirmation.md)', () => {
    expect(errorMessage({ code: 'email_not_confirmed', status: 400, message: 'Email not confirmed' })).toBe(ERROR_TEXTS.emailNotConfirmed);
    const tooSoon = { code: 'over_email_send_rate_limit', status: 429, message: 'For security purposes, you can only request this after 42 seconds.' };
    expect(errorMessage(tooSoon)).toBe('Please wait 42 seconds before asking for another email.');
    expect(mailWaitMessage({ ...tooSoon, message: 'For security purposes, you can only request this after 1 seconds.' })).toBe('Please wait 1 second before asking for another email.');
    // The hourly budget has no number: no wait to show.
    expect(mailWaitMessage({ code: 'over_email_send_rate_limit', status: 429, message: 'email rate limit exceeded' })).toBeNull();
  });
});
