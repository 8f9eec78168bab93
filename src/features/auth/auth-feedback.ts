// What the auth forms show when a sign-in, sign-up or code step is refused. The auth server's rate limits
// (429) and an existing account get clear texts of ours; anything else shows the server's message (docs/product.md §8).
import {
  ACCOUNT_ALREADY_EXISTS,
  AUTH_TOO_MANY_ATTEMPTS,
  AUTH_TOO_MANY_EMAILS,
  PASSWORD_BLANK,
  serverErrorToast,
  type Toast,
} from '../../domain/messages.ts';
import { errorMessage } from '../../lib/error-message.ts';

/** A property of a thrown value, if it is an object carrying it (supabase-js AuthApiError has status and code). */
function property(error: unknown, name: 'status' | 'code'): unknown {
  return typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

export function authFailureToast(error: unknown): Toast {
  const code = property(error, 'code');
  if (code === 'over_email_send_rate_limit' || code === 'over_sms_send_rate_limit') return AUTH_TOO_MANY_EMAILS;
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
