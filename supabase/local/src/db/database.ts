// The engine-neutral database interface every area of the stand-in codes against.
// Two engines implement it: PGlite (default, data dir on disk) and native Postgres (pg Pool).
import { escapeLiteral } from 'pg';

export interface QueryResult<T> {
  rows: T[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

export interface QueryOptions {
  /**
   * The text is one of the few shapes a client runs over and over (a REST read): native Postgres keeps
   * it as a named prepared statement on the connection, so later runs skip parsing and planning.
   */
  reuse?: boolean;
}

export interface Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>>;
}

/** A request transaction: its statements may ask to be kept prepared. */
export interface RequestQueryable extends Queryable {
  query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>>;
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

/** A request transaction that is one statement (a table read), committed as soon as it answers. */
export interface RequestStatement {
  sql: string;
  /** strings, numbers or null (what a table read's filters bind) */
  params: unknown[];
  /** `begin read only` instead of `begin` (PostgREST's GET) */
  readOnly?: boolean;
  /** keep the statement prepared (QueryOptions.reuse) */
  reuse?: boolean;
}

export interface Database extends Queryable {
  readonly engine: 'pglite' | 'postgres';
  /** one transaction as the superuser/owner */
  transaction<T>(fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /**
   * one transaction with `set_config('role', auth.role, true)` and `request.jwt.claims` (+ request.method/path/headers) so RLS applies.
   * Inside `fn` use only `tx`: on PGlite a call to `db.query` would wait for this very transaction.
   */
  asRequest<T>(auth: RequestAuth, request: RequestInfo | null, fn: (tx: RequestQueryable) => Promise<T>, options?: RequestTransactionOptions): Promise<T>;
  /**
   * asRequest around one statement, then commit. The engine sends begin, the settings, the statement and
   * commit in one go (one round trip on native Postgres, one protocol call on PGlite) instead of one
   * round trip each; on an error the transaction is rolled back and the error thrown, as asRequest does.
   */
  requestStatement<T>(auth: RequestAuth, request: RequestInfo | null, statement: RequestStatement): Promise<QueryResult<T>>;
  /** LISTEN on a channel; returns unlisten */
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  /** run a multi-statement SQL script (no parameters) as the owner, e.g. a migration file */
  exec(sql: string): Promise<void>;
  close(): Promise<void>;
}

/**
 * The transaction-local settings that make a transaction act as a PostgREST request: search_path,
 * role, claims and request GUCs, in PostgREST's order (legacy per-claim GUCs too, because storage
 * policies written for older Supabase read them). Realtime applies the same list per subscriber.
 */
export function requestSettingPairs(auth: RequestAuth, request: RequestInfo | null): [name: string, value: string][] {
  const claims: Record<string, unknown> = { ...auth.claims, role: auth.role };
  const sub = typeof claims.sub === 'string' ? claims.sub : '';
  return [
    ['search_path', (request?.searchPath ?? ['public', 'extensions']).map((schema) => `"${schema.replace(/"/g, '""')}"`).join(', ')],
    ['role', auth.role],
    ['request.jwt.claims', JSON.stringify(claims)],
    ['request.jwt.claim.sub', sub],
    ['request.jwt.claim.role', auth.role],
    ['request.method', request?.method ?? ''],
    ['request.path', request?.path ?? ''],
    ['request.headers', JSON.stringify(lowerCaseKeys(request?.headers ?? {}))],
  ];
}

/** The statement that turns a plain transaction into a PostgREST-style request transaction. */
export function requestSettings(auth: RequestAuth, request: RequestInfo | null): { sql: string; params: unknown[] } {
  const pairs = requestSettingPairs(auth, request);
  const calls = pairs.map((_, i) => `set_config($${2 * i + 1}, $${2 * i + 2}, true)`);
  return { sql: `select ${calls.join(', ')}`, params: pairs.flat() };
}

/** A bind parameter in text form, as node-postgres sends strings and numbers (all parameters untyped). */
export function textParam(value: unknown): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  throw new TypeError(`a request statement binds strings and numbers only, not ${typeof value}`);
}

/**
 * requestSettings as one parameterless script (values inlined as escaped literals), so an engine can
 * send it with BEGIN in a single simple-protocol round trip instead of one extended-protocol query each.
 */
export function requestSettingsScript(auth: RequestAuth, request: RequestInfo | null, options: RequestTransactionOptions = {}): string {
  const calls = requestSettingPairs(auth, request).map(([name, value]) => `set_config(${escapeLiteral(name)}, ${escapeLiteral(value)}, true)`);
  const inlined = `select ${calls.join(', ')}`;
  return options.readOnly ? `set transaction read only; ${inlined}` : inlined;
}

function lowerCaseKeys(headers: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) out[name.toLowerCase()] = value;
  return out;
}
