// The engine-neutral database interface every area of the stand-in codes against.
// Two engines implement it: PGlite (default, data dir on disk) and native Postgres (pg Pool).
import { escapeLiteral } from 'pg';

export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

export type DbRole = 'anon' | 'authenticated' | 'service_role';

export interface RequestAuth {
  role: DbRole;
  /** decoded JWT claims; {role:'anon'} for anon keys */
  claims: Record<string, unknown>;
}

export interface RequestInfo {
  method: string;
  path: string;
  headers: Record<string, string>;
  /** schemas of the search_path, the request's schema first (default: public, extensions) */
  searchPath?: string[];
}

export interface RequestTransactionOptions {
  /** `set transaction read only` before anything runs (PostgREST's GET and stable RPC) */
  readOnly?: boolean;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** one transaction as the superuser/owner */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * one transaction with `set_config('role', auth.role, true)` and `request.jwt.claims` (+ request.method/path/headers) so RLS applies.
   * Inside `fn` use only `tx`: on PGlite a call to `db.query` would wait for this very transaction.
   */
  asRequest<T>(auth: RequestAuth, request: RequestInfo | null, fn: (tx: Queryable) => Promise<T>, options?: RequestTransactionOptions): Promise<T>;
  /** LISTEN on a channel; returns unlisten */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** run a multi-statement SQL script (no parameters) as the owner, e.g. a migration file */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The statement that turns a plain transaction into a PostgREST-style request transaction:
 * transaction-local role, claims and request GUCs (PostgREST's order; legacy per-claim GUCs too,
 * because storage policies written for older Supabase read them).
 */
export function requestSettings(auth: RequestAuth, request: RequestInfo | null): { sql: string; params: unknown[] } {
  const claims: Record<string, unknown> = { ...auth.claims, role: auth.role };
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  const params: unknown[] = [
    auth.role,
    JSON.stringify(claims),
    sub,
    auth.role,
    request?.method ?? '',
    request?.path ?? '',
    JSON.stringify(lowerCaseKeys(request?.headers ?? {})),
    (request?.searchPath ?? ['public', 'extensions']).map((schema) => `"${schema.replace(/"/g, '""')}"`).join(', '),
  ];
  const sql = `select set_config('search_path', $8, true),
    set_config('role', $1, true),
    set_config('request.jwt.claims', $2, true),
    set_config('request.jwt.claim.sub', $3, true),
    set_config('request.jwt.claim.role', $4, true),
    set_config('request.method', $5, true),
    set_config('request.path', $6, true),
    set_config('request.headers', $7, true)`;
  return { sql, params };
}

/**
 * requestSettings as one parameterless script (values inlined as escaped literals), so an engine can
 * send it with BEGIN in a single simple-protocol round trip instead of one extended-protocol query each.
 */
export function requestSettingsScript(auth: RequestAuth, request: RequestInfo | null, options: RequestTransactionOptions = {}): string {
  const { sql, params } = requestSettings(auth, request);
  const inlined = sql.replace(/\$(\d+)/g, (_, index: string) => escapeLiteral(String(params[Number(index) - 1])));
  return options.readOnly ? `set transaction read only; ${inlined}` : inlined;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
