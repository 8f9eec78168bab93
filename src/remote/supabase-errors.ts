// RemoteErrors made from what supabase-js returns: kept out of errors.ts, which the app's entry loads for the
// sync engine, so they travel only with the online calls that use them (docs/architecture.md, src/remote).
import { classifyFailure, RemoteError, toRemoteError } from './errors.ts';

const stringField = (error: object, name: string): string | null => {
  const value = (error as Record<string, unknown>)[name];
  return typeof value === 'string' && value ? value : null;
};
const numberField = (error: object, name: string): number | null => {
  const value = (error as Record<string, unknown>)[name];
  return typeof value === 'number' && Number.isFinite(value) ? value : null;
};

/**
 * A supabase-js failure (PostgREST, auth, storage: each carries a message and some of code, status, hint) as a
 * RemoteError; `status` is the call's HTTP status when the client returns it beside the error. A failure with a
 * code but no status was still an answer (the status is then taken as 400), so only one with neither is "network".
 */
export function fromSupabase(error: unknown, status?: number | null): RemoteError {
  if (error instanceof RemoteError) return error;
  if (typeof error !== 'object' || error === null) return toRemoteError(error);
  const code = stringField(error, 'code');
  const answered = status || numberField(error, 'status') || Number(stringField(error, 'statusCode')) || numberField(error, 'statusCode');
  return classifyFailure({ status: answered || (code ? 400 : 0), code, message: stringField(error, 'message'), hint: stringField(error, 'hint') });
}

/**
 * A failed `functions.invoke`, read from its Response when there is one: our functions answer `{ error, code }`
 * (supabase/functions/_shared/http.ts), the platform `{ msg }` or `{ message }`.
 */
export async function fromFunctionsInvoke(name: string, error: unknown): Promise<RemoteError> {
  const context = (error as { context?: { status?: unknown; json?: unknown } } | null)?.context;
  if (!context || typeof context.status !== 'number' || typeof context.json !== 'function') return toRemoteError(error);
  const status = context.status;
  const retryAfter = typeof (context as Response).headers?.get === 'function' ? (context as Response).headers.get('retry-after') : null;
  try {
    const body = (await (context as Response).json()) as { error?: unknown; message?: unknown; msg?: unknown; code?: unknown };
    const text = [body.error, body.message, body.msg].find((value): value is string => typeof value === 'string' && value.length > 0);
    // Our functions' codes (e.g. "no_checkout_url") are not SQLSTATEs: the status classifies, the code is kept.
    const classified = classifyFailure({ status, message: text ?? `${name} failed (HTTP ${status})`, retryAfter });
    return new RemoteError(classified.kind, classified.message, { status, retryAfterMs: classified.retryAfterMs, code: typeof body.code === 'string' ? body.code : null });
  } catch {
    return classifyFailure({ status, message: `${name} failed (HTTP ${status})`, retryAfter });
  }
}
