import { AuthApiError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { ACCOUNT_ALREADY_EXISTS, AUTH_TOO_MANY_ATTEMPTS, AUTH_TOO_MANY_EMAILS, PASSWORD_BLANK } from '../../../../src/domain/messages.ts';
import { authFailureToast, blankPasswordError, isEmailNotConfirmed } from '../../../../src/features/auth/auth-feedback.ts';
import { ERROR_TEXTS } from '../../../../src/lib/error-message.ts';

describe('auth failure toasts', () => {
  it('shows a clear text instead of the server string for a rate limit (429 over_request_rate_limit)', () => {
    const error = new AuthApiError('Request rate limit reached', 429, 'over_request_rate_limit');
    expect(authFailureToast(error)).toEqual({ title: 'Too many attempts', description: 'Please wait a few minutes and try again.' });
    expect(authFailureToast(error)).toBe(AUTH_TOO_MANY_ATTEMPTS);
  });

  it('treats any 429 as too many attempts, even without an error code (legacy answers)', () => {
    expect(authFailureToast(new AuthApiError('Too Many Requests', 429, undefined))).toBe(AUTH_TOO_MANY_ATTEMPTS);
    expect(authFailureToast({ status: 429, message: 'slow down' })).toBe(AUTH_TOO_MANY_ATTEMPTS);
  });

  it('has its own text when the e-mail (or SMS) budget is used up', () => {
    expect(authFailureToast(new AuthApiError('email rate limit exceeded', 429, 'over_email_send_rate_limit'))).toBe(AUTH_TOO_MANY_EMAILS);
    expect(authFailureToast(new AuthApiError('SMS rate limit exceeded', 429, 'over_sms_send_rate_limit'))).toBe(AUTH_TOO_MANY_EMAILS);
  });

  it('says how long to wait when a confirmation mail was asked for again too soon (max_frequency)', () => {
    const error = new AuthApiError('For security purposes, you can only request this after 7 seconds.', 429, 'over_email_send_rate_limit');
    expect(authFailureToast(error)).toEqual({ title: AUTH_TOO_MANY_EMAILS.title, description: 'Please wait 7 seconds before asking for another email.' });
  });

  it('asks to confirm the e-mail first when a sign-in is refused with email_not_confirmed', () => {
    const error = new AuthApiError('Email not confirmed', 400, 'email_not_confirmed');
    expect(isEmailNotConfirmed(error)).toBe(true);
    expect(authFailureToast(error)).toEqual({ title: 'Email not confirmed', description: ERROR_TEXTS.emailNotConfirmed });
  });

  it('tells the user to sign in when the e-mail already has an account', () => {
    const toast = authFailureToast(new AuthApiError('User already registered', 422, 'user_already_exists'));
    expect(toast).toBe(ACCOUNT_ALREADY_EXISTS);
    expect(toast.description).toBe('An account with this email already exists. Sign in instead.');
  });

  it("passes every other refusal through as the server's message", () => {
    expect(authFailureToast(new AuthApiError('Invalid login credentials', 400, 'invalid_credentials'))).toEqual({ title: 'Error', description: 'Invalid login credentials' });
    const weak = new AuthWeakPasswordError('Password should contain at least one character that is not a space.', 422, ['characters']);
    expect(authFailureToast(weak)).toEqual({ title: 'Error', description: 'Password should contain at least one character that is not a space.' });
    // No answer at all is not the server's word: the browser's "Failed to fetch" becomes the product's sentence.
    expect(authFailureToast(new Error('Failed to fetch'))).toEqual({ title: 'Error', description: ERROR_TEXTS.offline });
    expect(authFailureToast('boom')).toEqual({ title: 'Error', description: 'boom' });
    expect(authFailureToast(null)).toEqual({ title: 'Error', description: 'An unexpected error occurred.' });
  });
});

describe('sign-up password that is only spaces', () => {
  it.each<[string, string | undefined]>([
    ['      ', PASSWORD_BLANK],
    [' ', PASSWORD_BLANK],
    ['\t \n', PASSWORD_BLANK],
    ['\u00a0\u00a0\u00a0\u00a0\u00a0\u00a0', PASSWORD_BLANK],
    ['', undefined],
    ['  secret  ', undefined],
    ['correct horse', undefined],
  ])('%j → %s', (password, expected) => {
    expect(blankPasswordError(password)).toBe(expected);
  });
});
