// The one error contract of online calls: every src/remote module throws a RemoteError, made here from
// whatever failed (a supabase-js error, a function's answer, a rejected fetch), so callers branch on a kind,
// never on text, and src/lib/error-message.ts words it for people. Classification is on the SQLSTATE or
// PostgREST code first, the HTTP status second (docs/architecture.md; the codes are PostgREST's and Postgres's own).

export type RemoteErrorKind =
  /** no answer (offline, DNS, reset, timeout): retry with backoff */
  | 'network'
  /** 5xx, serialization failure, deadlock: retry with backoff */
  | 'server'
  /** 429: retry with backoff, honouring Retry-After */
  | 'rate_limited'
  /** expired or missing session: refresh the session, then retry */
  | 'auth'
  /** a domain conflict (double booking 23P01, unique key 23505): permanent, with a reason the UI explains */
  | 'conflict'
  /** invalid data, check/foreign-key violation, RLS denial, unknown 4xx: permanent */
  | 'permanent';

export class RemoteError extends Error {
  readonly kind: RemoteErrorKind;
  readonly code: string | null;
  readonly status: number | null;
  readonly retryAfterMs: number | null;
  /** Postgres HINT: the bookings trigger puts the refusal's toast title there (docs/product.md §5). */
  readonly hint: string | null;

  constructor(kind: RemoteErrorKind, message: string, details: { code?: string | null; status?: number | null; retryAfterMs?: number | null; hint?: string | null } = {}) {
    super(message);
    this.name = 'RemoteError';
    this.kind = kind;
    this.code = details.code ?? null;
    this.status = details.status ?? null;
    this.retryAfterMs = details.retryAfterMs ?? null;
    this.hint = details.hint ?? null;
  }

  get isRetryable(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'rate_limited';
  }
}

export interface RawFailure {
  /** HTTP status; 0 or absent when no response arrived */
  status?: number | null;
  /** SQLSTATE (e.g. 23505) or PostgREST code (PGRST303) */
  code?: string | null;
  message?: string | null;
  /** Retry-After header value (seconds or an HTTP date) */
  retryAfter?: string | null;
  hint?: string | null;
}

const retryableSqlStates = new Set(['40001', '40P01', '55P03', '57014', '57P01', '57P02', '57P03']);

function retryAfterMs(value: string | null | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

export function classifyFailure(failure: RawFailure): RemoteError {
  const status = failure.status ?? 0;
  const code = failure.code || null;
  const message = failure.message || (status ? `HTTP ${status}` : 'No response from the server');
  const hint = failure.hint || null;
  const make = (kind: RemoteErrorKind) => new RemoteError(kind, message, { code, status: status || null, retryAfterMs: retryAfterMs(failure.retryAfter), hint });

  if (code) {
    if (code.startsWith('PGRST30')) return make('auth');
    // 42501 on a 401 means the request ran as anon: the session is missing, not the permission.
    if (code === '42501') return make(status === 401 ? 'auth' : 'permanent');
    if (code === '23P01' || code === '23505') return make('conflict');
    if (code.startsWith('22') || code.startsWith('23') || code === 'P0001') return make('permanent');
    if (retryableSqlStates.has(code) || code.startsWith('08') || code.startsWith('53')) return make('server');
  }
  if (status === 0 || status === 408) return make('network');
  if (status === 401) return make('auth');
  if (status === 429) return make('rate_limited');
  if (status >= 500) return make('server');
  return make('permanent');
}

/**
 * Anything thrown (a rejected fetch, our own code) as a RemoteError; errors a supabase-js call returned go through
 * fromSupabase at the call, since a thrown error's `code` may be the OS's (ECONNREFUSED), not the server's.
 */
export function toRemoteError(error: unknown): RemoteError {
  if (error instanceof RemoteError) return error;
  if (error instanceof Error) return classifyFailure({ status: 0, message: `${error.name}: ${error.message}` });
  return classifyFailure({ status: 0, message: String(error) });
}
