// PostgREST error bodies `{code, details, hint, message}` and the SQLSTATE → HTTP mapping of
// PostgREST's Error.hs (docs.postgrest.org/en/latest/references/errors.html),
// with one deliberate difference: class 54 (program_limit_exceeded: 54000, 54001 statement too complex /
// stack depth, 54011 too many columns, 54023 too many arguments) is 400 here, where PostgREST answers
// 500 "too complex". In a REST request these limits are only ever reached by what the request asked for
// (a select of 1,700 columns, a filter tree nested too deep), so the client must change the request; a
// 5xx would also make the app's outbox retry a request that can never succeed.
import type { DbRole } from '../db/database.ts';

export class PgrstError extends Error {
  readonly status: number;
  readonly code: string;
  /** a string, or (PGRST201/203) the list of candidate relationships/functions */
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  constructor(status: number, code: string, message: string, details: unknown = null, hint: string | null = null, headers: Record<string, string> = {}) {
    super(message);
    this.name = 'PgrstError';
    this.status = status;
    this.code = code;
    this.details = details;
    this.hint = hint;
    this.headers = headers;
  }

  toBody(): { code: string; details: unknown; hint: string | null; message: string } {
    return { code: this.code, details: this.details, hint: this.hint, message: this.message };
  }
}

export function parseError(message: string, details: string | null = null): PgrstError {
  return new PgrstError(400, 'PGRST100', message, details);
}

interface PostgresErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

function isPostgresError(error: unknown): error is PostgresErrorLike {
  return typeof error === 'object' && error !== null && typeof (error as { code?: unknown }).code === 'string' && /^[0-9A-Z]{5}$/.test((error as { code: string }).code);
}

function statusForSqlState(code: string, message: string, role: DbRole): number {
  if (code === '42501') return role === 'anon' ? 401 : 403;
  if (code === '23503' || code === '23505') return 409;
  if (code === '42883' || code === '42P01') return 404;
  if (code === '25006') return 405;
  if (code === '21000') return /requires a WHERE clause/.test(message) ? 400 : 500;
  if (code === '22023' && /role .* does not exist/.test(message)) return 401;
  if (code === 'P0001') return 400;
  if (code === '53400') return 500;
  const ptStatus = /^PT(\d{3})$/.exec(code);
  if (ptStatus?.[1]) return Number(ptStatus[1]);
  const prefix = code.slice(0, 2);
  if (['08', '53', '57P01'].includes(prefix) || code === '57P01') return 503;
  if (['0L', '0P', '28'].includes(prefix)) return 403;
  if (prefix === '54') return 400;
  if (['09', '25', '2D', '38', '39', '3B', '40', '55', '57', '58', 'F0', 'HV', 'XX', 'P0'].includes(prefix) || code === '42P17') return 500;
  return 400;
}

/** Turns anything thrown while serving a request into a PostgREST error. */
export function toPgrstError(error: unknown, role: DbRole): PgrstError {
  if (error instanceof PgrstError) return error;
  if (isPostgresError(error)) {
    const status = statusForSqlState(error.code, error.message, role);
    const headers: Record<string, string> = status === 401 ? { 'WWW-Authenticate': 'Bearer' } : {};
    return new PgrstError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return new PgrstError(500, 'PGRSTX00', message);
}
