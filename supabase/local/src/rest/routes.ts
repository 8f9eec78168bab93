// /rest/v1: PostgREST-compatible reads, writes and RPC. Every request runs in one transaction
// through db.asRequest, so the request's role and JWT claims make Postgres enforce RLS.
import { Hono, type Context } from 'hono';
import { BoundedMap } from '../bounded-map.ts';
import type { LocalContext } from '../context.ts';
import type { DbRole, QueryOptions, Queryable, RequestAuth, RequestInfo, RequestQueryable } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { resolveRequestAuth } from '../keys.ts';
import {
  Params, conditionSql, deleteStatement, functionCall, ident, insertStatement, maxRows, plannedCountSql, qualified, readQuery, updateStatement, writeQuery,
} from './build-query.ts';
import { checkAggregates } from './aggregates.ts';
import { loadApiConfig, type ApiConfig } from './api-config.ts';
import { txOverrideAllowed, type DbConfig } from './db-config.ts';
import { PgrstError, toPgrstError } from './errors.ts';
import { runExplain } from './explain.ts';
import { findFunction, type BodyKind } from './find-function.ts';
import { contentType, negotiate, type ResponseMedia } from './media-type.ts';
import { operators, parseQueryParams, type QueryParams } from './parse-filters.ts';
import { parseSelect, type SelectItem } from './parse-select.ts';
import { newPlan, planRead, type ReadPlan } from './plan.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import type { TableInfo } from './schema-cache.ts';
import { SchemaCacheHolder } from './schema-cache-holder.ts';

const jsonType = 'application/json; charset=utf-8';

interface RestRequest {
  c: Context;
  auth: RequestAuth;
  url: URL;
  prefs: Preferences;
  /** the negotiated response type (for a plan: the type whose query is explained is `body`) */
  media: ResponseMedia;
  /** the media type of the body (the plan's `for` type when explaining) */
  body: Exclude<ResponseMedia, { kind: 'plan' }>;
  single: boolean;
  info: RequestInfo;
  /** the exposed schema chosen by Accept-Profile / Content-Profile */
  schema: string;
  dbConfig: DbConfig;
}

interface ResultRow {
  body: string;
  page_count: string;
  total?: string | null;
  inserted?: string | null;
}

function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(status === 204 ? null : body, { status, headers });
}

function errorResponse(error: PgrstError): Response {
  return new Response(JSON.stringify(error.toBody()), { status: error.status, headers: { 'Content-Type': jsonType, ...error.headers } });
}

/**
 * Postgres text cannot hold NUL, and a NUL inside an identifier would cut the SQL text short on the
 * wire (08P01, a broken connection on native Postgres): refuse it before anything is parsed.
 */
function checkNoNul(path: string, url: URL): void {
  const hasNul = (text: string): boolean => text.includes('\u0000');
  if (hasNul(path)) throw new PgrstError(400, 'PGRST100', 'The request path contains a NUL character', null, null);
  for (const [name, value] of url.searchParams) {
    if (hasNul(name) || hasNul(value)) {
      throw new PgrstError(400, 'PGRST100', `"failed to parse query parameter (${name.split('\u0000').join('\\0')})" (line 1, column 1)`, 'NUL characters are not allowed', null);
    }
  }
}

/** Reads use Accept-Profile, writes Content-Profile; without one the first exposed schema is used. */
function requestSchema(method: string, headers: Headers, api: ApiConfig): string {
  const profile = headers.get(method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile');
  if (profile === null) return api.schemas[0] as string;
  if (!api.schemas.includes(profile)) {
    throw new PgrstError(406, 'PGRST106', `Invalid schema: ${profile}`, null, `Only the following schemas are exposed: ${api.schemas.join(', ')}`);
  }
  return profile;
}

function singleError(count: number): PgrstError {
  return new PgrstError(406, 'PGRST116', 'Cannot coerce the result to a single JSON object', `The result contains ${count} rows`, null);
}

function invalidBody(message = 'Empty or invalid json'): PgrstError {
  return new PgrstError(400, 'PGRST102', message, null, null);
}

/**
 * JSON bodies may nest this deep. PostgREST hands the body to Postgres as is; this server parses it and
 * serialises it again, and JSON.stringify runs out of stack a few thousand levels down (a 500). No real
 * payload comes close, so a deeper body is refused as invalid, like any other unusable JSON.
 */
export const maxJsonDepth = 256;

function jsonDepthExceeds(text: string, limit: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 0x5c) i += 1;
      else if (ch === 0x22) inString = false;
    } else if (ch === 0x22) inString = true;
    else if (ch === 0x7b || ch === 0x5b) {
      depth += 1;
      if (depth > limit) return true;
    } else if (ch === 0x7d || ch === 0x5d) depth -= 1;
  }
  return false;
}

async function readJsonBody(c: Context, allowEmpty: boolean): Promise<unknown> {
  const text = await c.req.text();
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw invalidBody();
  }
  if (jsonDepthExceeds(text, maxJsonDepth)) throw invalidBody(`The JSON body nests more than ${maxJsonDepth} levels deep`);
  try {
    return JSON.parse(text);
  } catch {
    throw invalidBody();
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function unknownColumn(table: TableInfo, column: string): PgrstError {
  return new PgrstError(400, 'PGRST204', `Could not find the '${column}' column of '${table.name}' in the schema cache`, null, null);
}

function applyRange(headers: Headers, query: QueryParams): void {
  const range = headers.get('range');
  const root = query.levels.get('');
  if (!range || !root || root.limit !== undefined || root.offset !== undefined) return;
  const match = /^(?:items=)?\s*(\d+)-(\d*)$/.exec(range.trim());
  if (!match) return;
  const from = Number(match[1]);
  root.offset = from;
  if (match[2]) {
    const to = Number(match[2]);
    if (to < from) throw new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', `The lower boundary must be lower than or equal to the upper boundary in the Range header.`, null);
    root.limit = to - from + 1;
  }
}

/** Parsed selects by their text: a client repeats a handful of them, so each is parsed once. */
const parsedSelects = new BoundedMap<string, SelectItem[]>(500);

/** Frozen, because every request that sends the same select shares the parsed items. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    for (const child of Object.values(value)) deepFreeze(child);
    Object.freeze(value);
  }
  return value;
}

/** The parsed `select` (default `*`); aggregates only when the database config allows them. */
function selectItems(r: RestRequest, select: string | undefined): SelectItem[] {
  const text = select ?? '*';
  let items = parsedSelects.get(text);
  if (!items) {
    items = deepFreeze(parseSelect(text));
    parsedSelects.set(text, items);
  }
  checkAggregates(items, r.dbConfig);
  return items;
}

/** readQuery/writeQuery's `format` for a CSV or GeoJSON body. */
function bodyFormat(r: RestRequest): { format?: 'csv' | 'geojson' } {
  return r.body.kind === 'csv' || r.body.kind === 'geojson' ? { format: r.body.kind } : {};
}

function contentRange(offset: number, count: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${totalText}` : `*/${totalText}`;
}

/** Query or form parameters by name; a repeated name (a variadic argument) becomes an array. */
function groupParams(search: URLSearchParams, keep: (key: string) => boolean): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    if (!keep(key)) continue;
    const values = search.getAll(key);
    args[key] = values.length > 1 ? values : values[0];
  }
  return args;
}

/** `op.value` / `not.op.value`: a filter on a function's result rather than an argument. */
function looksLikeFilter(value: string): boolean {
  const match = /^(?:not\.)?([a-z]+)(?:\([a-z_0-9]+\))?\./.exec(value);
  return match !== null && (operators as readonly string[]).includes(match[1] as string);
}

/** Answer of a GET (table or set-returning function): status, Content-Range, single coercion. */
function readResponse(r: RestRequest, plan: ReadPlan, row: ResultRow): Response {
  const count = Number(row.page_count);
  const total = row.total == null ? undefined : Number(row.total);
  const offset = plan.offset ?? 0;
  if (r.single && count !== 1) throw singleError(count);
  if (total !== undefined && offset > total && offset > 0) {
    throw new PgrstError(416, 'PGRST103', 'Requested range not satisfiable', `An offset of ${offset} was requested, but there are only ${total} rows.`, null);
  }
  const status = total !== undefined && count < total ? 206 : 200;
  const headers: Record<string, string> = { 'Content-Type': contentType(r.body), 'Content-Range': contentRange(offset, count, total) };
  if (r.prefs.applied.length > 0) headers['Preference-Applied'] = r.prefs.applied.join(', ');
  return respond(status, row.body, headers);
}

function rootConditionsSql(plan: ReadPlan, params: Params): string[] {
  const where = plan.conditions.map((c) => conditionSql(plan.alias, c, params));
  plan.conditions = [];
  return where;
}

/** Thrown inside a transaction to roll it back (`Prefer: tx=rollback`, `pgrst.db_tx_end`) while keeping the answer. */
class RollbackWith<T> {
  constructor(readonly value: T) {}
}

function maxAffectedError(affected: number): PgrstError {
  return new PgrstError(400, 'PGRST124', 'Query result exceeds max-affected preference constraint', `The query affects ${affected} rows`, null);
}

export function restRoutes(ctx: LocalContext): Hono {
  const caches = new SchemaCacheHolder(ctx.db);
  const apiConfig = loadApiConfig(ctx.projectDir);
  const app = new Hono();

  async function serve(c: Context, path: string, handler: (r: RestRequest) => Promise<Response>): Promise<Response> {
    let role: DbRole = 'anon';
    try {
      const url = new URL(c.req.url);
      const headers = c.req.raw.headers;
      const auth = await resolveRequestAuth(ctx.keys, headers, url);
      role = auth.role;
      checkNoNul(path, url);
      const api = await apiConfig;
      const schema = requestSchema(c.req.method, headers, api);
      const dbConfig = await caches.dbConfig();
      const media = negotiate(headers.get('accept'), dbConfig.planEnabled);
      const body = media.kind === 'plan' ? media.plan.for : media;
      const single = body.kind === 'object';
      const prefs = parsePrefer(headers, { txOverride: txOverrideAllowed(dbConfig) });
      const info: RequestInfo = { method: c.req.method, path, headers: Object.fromEntries(headers), searchPath: [...new Set([schema, ...api.extraSearchPath])] };
      return await handler({ c, auth, url, prefs, media, body, single, info, schema, dbConfig });
    } catch (error) {
      if (error instanceof HttpError) {
        return new Response(JSON.stringify(error.body), { status: error.status, headers: { 'Content-Type': jsonType, ...error.headers } });
      }
      const pgrst = toPgrstError(error, role);
      if (pgrst.status >= 500) console.error('[rest]', error);
      return errorResponse(pgrst);
    }
  }

  function rollsBack(r: RestRequest): boolean {
    return (r.prefs.tx ?? (r.dbConfig.txEnd.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback';
  }

  /** One request transaction; it ends as `Prefer: tx` (when allowed) or `pgrst.db_tx_end` says. */
  async function run<T>(r: RestRequest, readOnly: boolean, fn: (tx: RequestQueryable) => Promise<T>): Promise<T> {
    const rollback = rollsBack(r);
    try {
      return await ctx.db.asRequest(r.auth, r.info, async (tx) => {
        const value = await fn(tx);
        if (rollback) throw new RollbackWith(value);
        return value;
      }, { readOnly });
    } catch (error) {
      if (error instanceof RollbackWith) return error.value as T;
      throw error;
    }
  }

  /** The plan of the request's main statement instead of its result (`Accept: application/vnd.pgrst.plan`). */
  async function explain(r: RestRequest, readOnly: boolean, sql: string, params: Params): Promise<Response> {
    if (r.media.kind !== 'plan') throw new Error('explain() without a plan media type');
    const plan = r.media.plan;
    const text = await run(r, readOnly, (tx) => runExplain(tx, plan, sql, params.values));
    return respond(200, text, { 'Content-Type': contentType(r.media) });
  }

  /** `Prefer: count=planned` (and `estimated` past max rows): the planner's row estimate. */
  async function plannedCount(tx: Queryable, plan: ReadPlan, from: string): Promise<number> {
    const params = new Params();
    const result = await tx.query<{ 'QUERY PLAN': unknown }>(plannedCountSql(plan, from, params), params.values);
    const json = result.rows[0]?.['QUERY PLAN'];
    const parsed = (typeof json === 'string' ? JSON.parse(json) : json) as { Plan?: { 'Plan Rows'?: number } }[];
    return Math.round(parsed[0]?.Plan?.['Plan Rows'] ?? 0);
  }

  /** The page and, as the Prefer header asks, its total. */
  async function readRows(tx: RequestQueryable, r: RestRequest, plan: ReadPlan, from: string, sql: string, params: Params): Promise<ResultRow> {
    // A table read's text depends on the select and the filters' shape only (values are parameters),
    // and its result is always (body, page_count, total) text, so a prepared statement fits it.
    const row = await queryRow(tx, sql, params, { reuse: true });
    const count = r.prefs.count;
    if (count === 'planned' || (count === 'estimated' && Number(row.total) > maxRows)) row.total = String(await plannedCount(tx, plan, from));
    return row;
  }

  /**
   * A table read. When nothing but the read runs in its transaction (no planner count, ends in commit)
   * the engine sends the whole transaction at once; otherwise statement by statement.
   */
  async function readTable(r: RestRequest, plan: ReadPlan, from: string, sql: string, params: Params): Promise<ResultRow> {
    const count = r.prefs.count;
    if (count === 'planned' || count === 'estimated' || rollsBack(r)) return run(r, true, (tx) => readRows(tx, r, plan, from, sql, params));
    const result = await ctx.db.requestStatement<ResultRow>(r.auth, r.info, { sql, params: params.values, readOnly: true, reuse: true });
    return result.rows[0] as ResultRow;
  }

  async function queryRow(tx: RequestQueryable, sql: string, params: Params, options?: QueryOptions): Promise<ResultRow> {
    const result = await tx.query<ResultRow>(sql, params.values, options);
    return result.rows[0] as ResultRow;
  }

  // ------------------------------------------------------------------------------------- read
  app.get('/:table', (c) =>
    serve(c, `/${c.req.param('table')}`, async (r) => {
      const name = c.req.param('table');
      const query = parseQueryParams(r.url.searchParams);
      applyRange(c.req.raw.headers, query);
      const items = selectItems(r, query.select);
      const plan = await caches.use(r.schema, (cache) => planRead(cache, newPlan(cache.table(name), name), items, query.levels));
      const params = new Params();
      const table = plan.table as TableInfo;
      const from = `${qualified(table)} as ${ident(plan.alias)}`;
      const sql = readQuery(plan, from, params, { single: r.single, count: r.prefs.count !== undefined && r.prefs.count !== 'planned', stripNulls: r.body.stripNulls, ...bodyFormat(r) });
      if (r.media.kind === 'plan') return explain(r, true, sql, params);
      const row = await readTable(r, plan, from, sql, params);
      return readResponse(r, plan, row);
    }),
  );

  // ----------------------------------------------------------------------------------- insert
  app.post('/:table', (c) =>
    serve(c, `/${c.req.param('table')}`, async (r) => {
      const name = c.req.param('table');
      const query = parseQueryParams(r.url.searchParams);
      const body = await readJsonBody(c, false);
      const rows = Array.isArray(body) ? body : [body];
      if (!rows.every(isObject)) throw invalidBody('All object keys must match');
      const objects = rows as Record<string, unknown>[];
      const items = selectItems(r, query.select);
      const { plan, columns } = await caches.use(r.schema, (cache) => {
        const table = cache.table(name);
        let cols = query.columns;
        if (!cols) {
          const first = Object.keys(objects[0] ?? {});
          if (objects.some((o) => Object.keys(o).length !== first.length || !first.every((k) => k in o))) throw invalidBody('All object keys must match');
          cols = first;
        }
        for (const col of cols) if (!table.columns.some((tc) => tc.name === col)) throw unknownColumn(table, col);
        if (r.prefs.missing === 'default') cols = cols.filter((col) => objects.some((o) => col in o));
        return { plan: planRead(cache, newPlan(table, name), items, query.levels), columns: cols };
      });
      const table = plan.table as TableInfo;
      const upsert = r.prefs.resolution;
      if (upsert === 'merge-duplicates' && !query.onConflict && table.primaryKey.length === 0) {
        throw new PgrstError(400, 'PGRST100', `"on_conflict" is required: table '${name}' has no primary key`, null, null);
      }
      const representation = r.prefs.return === 'representation' || r.prefs.return === 'headers-only';
      const params = new Params();
      rootConditionsSql(plan, params);
      const mutation = objects.length === 0
        ? `select * from ${qualified(table)} as ${ident(table.name)} where false`
        : columns.length === 0 && objects.length === 1
          ? `insert into ${qualified(table)} as ${ident(table.name)} default values returning ${ident(table.name)}.*`
          : insertStatement(table, objects, {
            columns,
            missingDefault: r.prefs.missing === 'default',
            ...(upsert && { conflict: { columns: query.onConflict ?? (table.primaryKey.length > 0 ? table.primaryKey : null), action: upsert === 'merge-duplicates' ? 'merge' : 'ignore' } }),
          }, params);
      const isMerge = upsert === 'merge-duplicates' && objects.length > 0 && !(columns.length === 0 && objects.length === 1);
      const sql = writeQuery(mutation, plan, params, { representation, single: r.single, upsert: isMerge, ...bodyFormat(r) });
      if (r.media.kind === 'plan') return explain(r, false, sql, params);
      const row = await run(r, false, async (tx) => {
        const result = await queryRow(tx, sql, params);
        if (r.single && Number(result.page_count) !== 1) throw singleError(Number(result.page_count));
        return result;
      });
      const count = Number(row.page_count);
      const status = isMerge && Number(row.inserted ?? 0) === 0 && count > 0 ? 200 : objects.length === 0 && upsert ? 200 : 201;
      const headers: Record<string, string> = { 'Content-Range': `*/${count}` };
      if (r.prefs.applied.length > 0) headers['Preference-Applied'] = r.prefs.applied.join(', ');
      if (r.prefs.return === 'headers-only') {
        const first = (JSON.parse(row.body) as Record<string, unknown>[])[0];
        if (first && table.primaryKey.length > 0) {
          headers.Location = `/${name}?${table.primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`).join('&')}`;
        }
        return respond(status, null, headers);
      }
      if (r.prefs.return !== 'representation') return respond(status, null, headers);
      headers['Content-Type'] = contentType(r.body);
      return respond(status, row.body, headers);
    }),
  );

  // ---------------------------------------------------------------------------- update/delete
  async function mutate(c: Context, r: RestRequest, kind: 'update' | 'delete'): Promise<Response> {
    const name = c.req.param('table') as string;
    const query = parseQueryParams(r.url.searchParams);
    const body = kind === 'update' ? await readJsonBody(c, false) : undefined;
    if (kind === 'update' && !isObject(body)) throw invalidBody();
    const items = selectItems(r, query.select);
    const { plan, columns } = await caches.use(r.schema, (cache) => {
      const table = cache.table(name);
      const cols = kind === 'update' ? query.columns ?? Object.keys(body as Record<string, unknown>) : [];
      for (const col of cols) if (!table.columns.some((tc) => tc.name === col)) throw unknownColumn(table, col);
      return { plan: planRead(cache, newPlan(table, name), items, query.levels), columns: cols };
    });
    const table = plan.table as TableInfo;
    const params = new Params();
    const where = rootConditionsSql(plan, params);
    if (where.length === 0) {
      throw new PgrstError(400, '21000', `${kind === 'update' ? 'UPDATE' : 'DELETE'} requires a WHERE clause`, null, null);
    }
    const representation = r.prefs.return === 'representation';
    const mutation = kind === 'delete'
      ? deleteStatement(table, where)
      : columns.length === 0
        ? `select * from ${qualified(table)} as ${ident(table.name)} where false`
        : updateStatement(table, body as Record<string, unknown>, columns, where, params);
    const sql = writeQuery(mutation, plan, params, { representation, single: r.single, upsert: false, ...bodyFormat(r) });
    if (r.media.kind === 'plan') return explain(r, false, sql, params);
    const row = await run(r, false, async (tx) => {
      const result = await queryRow(tx, sql, params);
      const affected = Number(result.page_count);
      if (r.single && affected !== 1) throw singleError(affected);
      if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && affected > r.prefs.maxAffected) throw maxAffectedError(affected);
      return result;
    });
    const count = Number(row.page_count);
    const headers: Record<string, string> = { 'Content-Range': count > 0 ? `0-${count - 1}/${count}` : '*/0' };
    if (r.prefs.applied.length > 0) headers['Preference-Applied'] = r.prefs.applied.join(', ');
    if (!representation) return respond(204, null, headers);
    headers['Content-Type'] = contentType(r.body);
    return respond(200, row.body, headers);
  }

  app.patch('/:table', (c) => serve(c, `/${c.req.param('table')}`, (r) => mutate(c, r, 'update')));
  app.delete('/:table', (c) => serve(c, `/${c.req.param('table')}`, (r) => mutate(c, r, 'delete')));
  app.put('/:table', (c) =>
    serve(c, `/${c.req.param('table')}`, async () => {
      throw new PgrstError(405, 'PGRST105', 'PUT is not supported by this stand-in; use POST with Prefer: resolution=merge-duplicates', null, null);
    }),
  );

  // -------------------------------------------------------------------------------------- rpc
  /** POST arguments: a JSON object (or form) of named arguments, or a raw body for one unnamed parameter. */
  async function readRpcBody(c: Context, columns: string[] | undefined): Promise<{ kind: BodyKind; keys: string[]; args: unknown }> {
    const type = (c.req.header('content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
    if (type === 'text/plain') return { kind: 'text', keys: [], args: await c.req.text() };
    if (type === 'application/xml' || type === 'text/xml') return { kind: 'xml', keys: [], args: await c.req.text() };
    if (type === 'application/octet-stream') return { kind: 'binary', keys: [], args: Buffer.from(await c.req.arrayBuffer()).toString('hex') };
    if (type === 'application/x-www-form-urlencoded') {
      const form = groupParams(new URLSearchParams(await c.req.text()), () => true);
      return { kind: 'none', keys: Object.keys(form), args: form };
    }
    const body = await readJsonBody(c, true);
    return { kind: 'json', keys: isObject(body) ? columns ?? Object.keys(body) : [], args: body };
  }

  const rpc = (c: Context): Promise<Response> =>
    serve(c, `/rpc/${c.req.param('fn')}`, async (r) => {
      const name = c.req.param('fn') as string;
      const method = c.req.method;
      if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw new PgrstError(405, 'PGRST101', `Cannot use the ${method} method on RPC`, null, null);
      const isPost = method === 'POST';
      const columns = r.url.searchParams.has('columns') ? parseQueryParams(new URLSearchParams({ columns: r.url.searchParams.get('columns') ?? '' })).columns : undefined;
      const posted = isPost ? await readRpcBody(c, columns) : undefined;
      const resolved = await caches.use(r.schema, (cache) => {
        const overloads = cache.functions.get(name) ?? [];
        const isArg = (param: string, value: string): boolean => !isPost && (overloads.some((f) => f.args.some((a) => a.name === param)) || !looksLikeFilter(value));
        const query = parseQueryParams(r.url.searchParams, isArg);
        const getArgs = isPost ? undefined : groupParams(r.url.searchParams, (key) => query.unclaimed.has(key));
        const keys = posted ? posted.keys : Object.keys(getArgs ?? {});
        const choice = findFunction(cache, name, keys, isPost, posted?.kind ?? 'none');
        if (!choice.wholeBody && posted && posted.kind === 'json' && !isObject(posted.args)) throw invalidBody('The request body must be a JSON object of named arguments');
        const items = selectItems(r, query.select);
        const returnTable = choice.fn.returnTable ? cache.tables.get(choice.fn.returnTable) : undefined;
        const plan = choice.fn.returnKind === 'composite' ? planRead(cache, newPlan(returnTable, name, returnTable?.name ?? name), items, query.levels) : undefined;
        return { ...choice, args: posted ? posted.args : getArgs, keys, plan };
      });
      const { fn, plan } = resolved;
      const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined ? r.prefs.maxAffected : undefined;
      if (strictMax !== undefined && !fn.returnsSet) {
        throw new PgrstError(400, 'PGRST128', 'Function must return SETOF or TABLE when max-affected preference is used with handling=strict', null, null);
      }
      const params = new Params();
      const call = functionCall(fn, resolved.args, resolved.wholeBody ? 'whole-body' : resolved.keys, params);
      const readOnly = !isPost || fn.volatility !== 'volatile';
      const prefix = call.with ? `${call.with} ` : '';
      if (fn.returnKind === 'void' || fn.returnKind === 'scalar') {
        const sql = fn.returnKind === 'void'
          ? `${prefix}select ${call.call}`
          : fn.returnsSet
            ? `${prefix}select coalesce(json_agg(pgrst_v), '[]'::json)::text as body, count(*)::text as page_count from ${call.call} as pgrst_s(pgrst_v)`
            : `${prefix}select to_json(${call.call})::text as body`;
        if (r.media.kind === 'plan') return explain(r, readOnly, sql, params);
        const row = await run(r, readOnly, async (tx) => {
          const result = (await tx.query<{ body: string; page_count?: string }>(sql, params.values)).rows[0];
          if (strictMax !== undefined && Number(result?.page_count ?? 0) > strictMax) throw maxAffectedError(Number(result?.page_count));
          return result;
        });
        if (fn.returnKind === 'void') return respond(204, null, {});
        return respond(200, row?.body ?? 'null', { 'Content-Type': jsonType });
      }
      const readPlan = plan as ReadPlan;
      const single = r.single || !fn.returnsSet;
      const from = `${call.call} as ${ident(readPlan.alias)}`;
      const sql = readQuery(readPlan, from, params, { single, count: r.prefs.count !== undefined && r.prefs.count !== 'planned', stripNulls: r.body.stripNulls, ...bodyFormat(r), ...(call.with && { with: call.with }) });
      if (r.media.kind === 'plan') return explain(r, readOnly, sql, params);
      const row = await run(r, readOnly, async (tx) => {
        const result = await queryRow(tx, sql, params);
        if (strictMax !== undefined && Number(result.page_count) > strictMax) throw maxAffectedError(Number(result.page_count));
        if (r.prefs.count === 'planned') result.total = result.page_count;
        return result;
      });
      if (!fn.returnsSet && !r.single) {
        return respond(200, row.body, { 'Content-Type': contentType(r.body) });
      }
      return readResponse({ ...r, single }, readPlan, row);
    });

  app.on(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], '/rpc/:fn', rpc);

  return app;
}
