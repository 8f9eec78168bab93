// PostgREST error bodies `{code, details, hint, message}` and the SQLSTATE → HTTP mapping of
// PostgREST's Error.hs (docs.postgrest.org/en/latest/references/errors.html),
// with one deliberate difference: class 54 (program_limit_exceeded: 54000, 54001 statement too complex /
// stack depth, 54011 too many columns, 54023 too many arguments) is 400 here, where PostgREST answers
// 500 "too complex". In a REST request these limits are only ever reached by what the request asked for
// (a select of 1,700 columns, a filter tree nested too deep), so the client must change the request; a
// 5xx would also make the app's outbox retry a request that can never succeed.
import type { DbRole } from '../db/database.ts';

interface PostgresErrorLike {
  code: string;
  message: string;
  detail?: string;
  hint?: string;
}

/**
 * A PostgREST error answer. Build one with the named constructor of its code (PostgREST's error table,
 * docs.postgrest.org/en/latest/references/errors.html), so each code keeps one status and one wording.
 */
export class PgrstError extends Error {
  readonly status: number;
  readonly code: string;
  /** a string, or (PGRST201/203) the list of candidate relationships/functions */
  readonly details: unknown;
  readonly hint: string | null;
  readonly headers: Record<string, string>;

  private constructor(status: number, code: string, message: string, details: unknown = null, hint: string | null = null, headers: Record<string, string> = {}) {
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

  // Group 1: the request
  /** PGRST100: a query parameter (or the path) that does not parse. */
  static parseError(message: string, details: string | null = null): PgrstError {
    return new PgrstError(400, 'PGRST100', message, details);
  }

  /** PGRST101: RPC takes GET, HEAD and POST only. */
  static invalidRpcMethod(method: string): PgrstError {
    return new PgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`);
  }

  /** PGRST102: an empty or unusable request body. */
  static invalidBody(message = 'Empty or invalid json'): PgrstError {
    return new PgrstError(400, 'PGRST102', message);
  }

  /** PGRST103: a Range header, limit or offset that cannot be served. */
  static invalidRange(details: string): PgrstError {
    return new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', details);
  }

  /** PGRST105: an invalid PUT (this stand-in refuses every PUT). */
  static invalidPut(message: string): PgrstError {
    return new PgrstError(405, 'PGRST105', message);
  }

  /** PGRST106: Accept-Profile / Content-Profile names a schema that is not exposed. */
  static unacceptableSchema(schema: string, exposed: readonly string[]): PgrstError {
    return new PgrstError(406, 'PGRST106', `Invalid schema: ${schema}`, null, `Only the following schemas are exposed: ${exposed.join(', ')}`);
  }

  /** PGRST107: none of the accepted media types can be produced. */
  static unacceptableMediaType(mimes: readonly string[]): PgrstError {
    return new PgrstError(406, 'PGRST107', `None of these media types are available: ${mimes.join(', ')}`);
  }

  /** PGRST108: a filter, order or limit on an embed the select does not name. */
  static notEmbedded(name: string): PgrstError {
    return new PgrstError(400, 'PGRST108', `'${name}' is not an embedded resource in this request`, null, `Verify that '${name}' is included in the 'select' query parameter.`);
  }

  /** PGRST116: a singular response (`Accept: application/vnd.pgrst.object`) of other than one row. */
  static singularity(rows: number): PgrstError {
    return new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${rows} rows`);
  }

  /** PGRST118: ordering by an embed that is not to-one. */
  static relatedOrderNotToOne(origin: string, relation: string): PgrstError {
    return new PgrstError(400, 'PGRST118', `A related order on '${relation}' is not possible`, `'${origin}' and '${relation}' do not form a many-to-one or one-to-one relationship`);
  }

  /** PGRST120: an embed filtered by anything but `is.null` / `not.is.null`. */
  static unacceptableFilter(embed: string): PgrstError {
    return new PgrstError(400, 'PGRST120', `Bad operator on the '${embed}' embedded resource`, 'Only is null or not is null filters are allowed on embedded resources');
  }

  /** PGRST122: `Prefer: handling=strict` with preferences that are not understood. */
  static invalidPreferences(invalid: readonly string[]): PgrstError {
    return new PgrstError(400, 'PGRST122', 'Invalid preferences given with handling=strict', `Invalid preferences: ${invalid.join(', ')}`);
  }

  /** PGRST123: aggregates while `pgrst.db_aggregates_enabled` is off. */
  static aggregatesNotAllowed(): PgrstError {
    return new PgrstError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
  }

  /** PGRST124: `Prefer: handling=strict, max-affected=n` and more rows affected. */
  static maxAffectedViolation(affected: number): PgrstError {
    return new PgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`);
  }

  /** PGRST127: a feature PostgREST has and this stand-in does not. */
  static notImplemented(details: string): PgrstError {
    return new PgrstError(400, 'PGRST127', 'Feature not implemented', details);
  }

  /** PGRST128: strict max-affected on a function that returns no set. */
  static maxAffectedRpcViolation(): PgrstError {
    return new PgrstError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict');
  }

  // Group 2: the schema cache
  /** PGRST200: no relationship between the two relations of an embed. */
  static noRelationship(origin: string, target: string, schema: string, hint: string | undefined): PgrstError {
    return new PgrstError(
      400,
      'PGRST200',
      `Could not find a relationship between '${origin}' and '${target}' in the schema cache`,
      `Searched for a foreign key relationship between '${origin}' and '${target}'${hint ? ` using the hint '${hint}'` : ''} in the schema '${schema}', but no matches were found.`,
    );
  }

  /** PGRST201: more than one relationship fits an embed; `candidates` become the details. */
  static ambiguousRelationship(origin: string, target: string, candidates: unknown[], hint: string): PgrstError {
    return new PgrstError(300, 'PGRST201', `Could not embed because more than one relationship was found for '${origin}' and '${target}'`, candidates, hint);
  }

  /** PGRST202: no function of that name takes these arguments; `searched` says what was looked for. */
  static functionNotFound(message: string, searched: string, hint: string | null): PgrstError {
    return new PgrstError(404, 'PGRST202', message, `Searched for the function ${searched}, but no matches were found in the schema cache.`, hint);
  }

  /** PGRST203: more than one overload fits the arguments. */
  static ambiguousFunction(signatures: readonly string[]): PgrstError {
    return new PgrstError(300, 'PGRST203', `Could not choose the best candidate function between: ${signatures.join(', ')}`, null, 'Try renaming the parameters or the function itself in the database so function overloading can be resolved');
  }

  /** PGRST204: a written column the table does not have. */
  static columnNotFound(table: string, column: string): PgrstError {
    return new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table}' in the schema cache`);
  }

  /** PGRST205: the path names no table or view of the schema. */
  static tableNotFound(schema: string, name: string, suggestion: string | undefined): PgrstError {
    return new PgrstError(404, 'PGRST205', `Could not find the table '${schema}.${name}' in the schema cache`, null, suggestion ? `Perhaps you meant the table '${schema}.${suggestion}'` : null);
  }

  // Not PGRST codes
  /** 42712 duplicate_alias, which PostgREST's SQL meets when one level embeds the same name twice. */
  static duplicateAlias(alias: string): PgrstError {
    return new PgrstError(400, '42712', `table name "${alias}" specified more than once`);
  }

  /** 21000 of pg-safeupdate (loaded on hosted Supabase): an UPDATE or DELETE without a filter. */
  static missingWhere(command: 'UPDATE' | 'DELETE'): PgrstError {
    return new PgrstError(400, '21000', `${command} requires a WHERE clause`);
  }

  /** A Postgres error passed on with the HTTP status of its SQLSTATE. */
  static fromPostgres(error: PostgresErrorLike, status: number, headers: Record<string, string>): PgrstError {
    return new PgrstError(status, error.code, error.message, error.detail ?? null, error.hint ?? null, headers);
  }

  /** PGRSTX00: anything else that went wrong (a 500). */
  static internal(message: string): PgrstError {
    return new PgrstError(500, 'PGRSTX00', message);
  }
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
    return PgrstError.fromPostgres(error, status, headers);
  }
  const message = error instanceof Error ? error.message : String(error);
  return PgrstError.internal(message);
}
