/**
 * The text to show for a caught failure. supabase-js returns PostgREST and storage errors as plain
 * objects with a `message`, not Error instances, so `String(error)` would read "[object Object]".
 */
export function errorMessage(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null && 'message' in error && typeof error.message === 'string') return error.message;
  return typeof error === 'string' ? error : 'An unexpected error occurred.';
}
