/**
 * The one place a caught failure becomes the text a screen shows. supabase-js returns PostgREST and
 * storage errors as plain objects with a `message`, not Error instances, so `String(error)` would read
 * "[object Object]". The database's own wording ("new row violates row-level security policy…", "JSON
 * object requested…", a constraint name) and the browser's ("TypeError: Failed to fetch") never reach
 * the screen: they are mapped by SQLSTATE / PostgREST code and HTTP status to product sentences. What
 * passes through is already product wording: our triggers' RAISE (P0001), the functions' and the auth
 * server's messages, and errors our code throws.
 */

export const ERROR_TEXTS = {
  unexpected: 'An unexpected error occurred.',
  notAllowed: "You don't have permission to do that.",
  sessionExpired: 'Your session has expired. Please sign in again.',
  offline: "We couldn't reach NomadNest. Check your connection and try again.",
  server: 'Something went wrong on our side. Please try again in a moment.',
  duplicate: 'This has already been saved.',
  rejected: "Some details weren't accepted. Check them and try again.",
  notFound: "We couldn't find that. It may have been removed.",
  emailNotConfirmed: 'Confirm your email first: open the link we sent you, or send a new one.',
} as const;

/** SQLSTATE (five characters, e.g. 42501) or a PostgREST code (PGRST116): the server's own words follow. */
const SERVER_CODE = /^(?:[0-9A-Z]{5}|PGRST\d+)$/;
/** What browsers say when a request got no answer. */
const NO_ANSWER = /Failed to fetch|NetworkError|Load failed|Network request failed|fetch failed/i;
/** Server wording that can also arrive without a code (storage answers, errors rethrown as text). */
const RAW_SERVER_TEXT: ReadonlyArray<readonly [RegExp, keyof typeof ERROR_TEXTS]> = [
  [/row-level security|permission denied/i, 'notAllowed'],
  [/JWT|refresh token/i, 'sessionExpired'],
  [/violates (?:unique|check|foreign key|not-null|exclusion) constraint|invalid input syntax|JSON object requested/i, 'rejected'],
];

function field(error: unknown, name: string): unknown {
  return typeof error === 'object' && error !== null && name in error ? (error as Record<string, unknown>)[name] : undefined;
}

function rawMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  const message = field(error, 'message');
  if (typeof message === 'string') return message;
  return typeof error === 'string' ? error : '';
}

function byCode(code: string, status: number): string | null {
  if (code === 'P0001') return null; // our triggers word their refusals for people (docs/product.md §5)
  if (code === '42501') return status === 401 ? ERROR_TEXTS.sessionExpired : ERROR_TEXTS.notAllowed;
  if (code.startsWith('PGRST30')) return ERROR_TEXTS.sessionExpired;
  if (code === 'PGRST116') return ERROR_TEXTS.notFound;
  if (code === '23505') return ERROR_TEXTS.duplicate;
  if (code.startsWith('22') || code.startsWith('23')) return ERROR_TEXTS.rejected;
  if (code.startsWith('08') || code.startsWith('53') || code.startsWith('57') || code.startsWith('40')) return ERROR_TEXTS.server;
  return ERROR_TEXTS.unexpected;
}

/** GoTrue's max_frequency refusal: "For security purposes, you can only request this after 42 seconds." */
const MAIL_FREQUENCY = /after (\d+) seconds?/;

/**
 * How long to wait before asking for another mail, when the auth server said (max_frequency); null for
 * the used-up hourly budget (email_sent), which has no number to show.
 */
export function mailWaitMessage(error: unknown): string | null {
  if (field(error, 'code') !== 'over_email_send_rate_limit') return null;
  const seconds = Number(MAIL_FREQUENCY.exec(rawMessage(error))?.[1]);
  return seconds > 0 ? `Please wait ${seconds} ${seconds === 1 ? 'second' : 'seconds'} before asking for another email.` : null;
}

export function errorMessage(error: unknown): string {
  const message = rawMessage(error).trim();
  const code = field(error, 'code');
  const status = Number(field(error, 'status') ?? field(error, 'statusCode')) || 0;
  if (typeof code === 'string' && SERVER_CODE.test(code)) {
    const mapped = byCode(code, status);
    if (mapped) return mapped;
  }
  // The auth server's codes with product wording (docs/decisions/email-confirmation.md).
  if (code === 'email_not_confirmed') return ERROR_TEXTS.emailNotConfirmed;
  const wait = mailWaitMessage(error);
  if (wait) return wait;
  if (field(error, 'kind') === 'network' || NO_ANSWER.test(message)) return ERROR_TEXTS.offline;
  if (field(error, 'kind') === 'auth') return ERROR_TEXTS.sessionExpired;
  if (status >= 500) return ERROR_TEXTS.server;
  const known = RAW_SERVER_TEXT.find(([pattern]) => pattern.test(message));
  if (known) return ERROR_TEXTS[known[1]];
  if (message) return message;
  if (status === 401) return ERROR_TEXTS.sessionExpired;
  if (status === 403) return ERROR_TEXTS.notAllowed;
  return ERROR_TEXTS.unexpected;
}
