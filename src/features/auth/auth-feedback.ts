// What the auth forms show when a sign-in, sign-up or code step is refused. The auth server's rate limits
// (429) and an existing account get clear texts of ours; anything else shows the server's message (docs/product.md §8).
import {
  ACCOUNT_ALREADY_EXISTS,
  AUTH_TOO_MANY_ATTEMPTS,
  AUTH_TOO_MANY_EMAILS,
  EMAIL_NOT_CONFIRMED_TITLE,
  PASSWORD_BLANK,
  serverErrorToast,
  type Toast,
} from '../../domain/messages.ts';
import { errorMessage, mailWaitMessage } from '../../lib/error-message.ts';

/** A property of a thrown value, if it is an object carrying it (supabase-js AuthApiError has status and code). */
function property(error: unknown, name: 'status' | 'code'): unknown {
  return typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

/** GoTrue's refusal of a password sign-in before the address is confirmed. */
export function isEmailNotConfirmed(error: unknown): boolean {
  return property(error, 'code') === 'email_not_confirmed';
}

export function authFailureToast(error: unknown): Toast {
  const code = property(error, 'code');
  // The wording comes from the one mapping (src/lib/error-message.ts): a mail asked for again within
  // max_frequency says how many seconds to wait; the used-up hourly budget gets the general text.
  if (code === 'over_email_send_rate_limit' || code === 'over_sms_send_rate_limit') {
    const wait = mailWaitMessage(error);
    return wait ? { title: AUTH_TOO_MANY_EMAILS.title, description: wait } : AUTH_TOO_MANY_EMAILS;
  }
  if (code === 'email_not_confirmed') return { title: EMAIL_NOT_CONFIRMED_TITLE, description: errorMessage(error) };
  if (code === 'over_request_rate_limit' || property(error, 'status') === 429) return AUTH_TOO_MANY_ATTEMPTS;
  if (code === 'user_already_exists') return ACCOUNT_ALREADY_EXISTS;
  return serverErrorToast(errorMessage(error));
}

/**
 * The sign-up password rule the schema cannot say: something besides spaces (the auth server refuses a
 * whitespace-only password as weak). Passwords are otherwise kept as typed, spaces included.
 */
export function blankPasswordError(password: string): string | undefined {
  return password !== '' && password.trim() === '' ? PASSWORD_BLANK : undefined;
}
