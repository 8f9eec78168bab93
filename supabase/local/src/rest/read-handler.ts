// GET /rest/v1/<table>: a page of rows (Range header or limit/offset) and, as Prefer: count asks, the total.
import type { Queryable, RequestQueryable } from '../db/database.ts';
import { Params, ident, maxRows, plannedCountSql, qualified, readQuery } from './build-query.ts';
import { PgrstError } from './errors.ts';
import { explain } from './explain.ts';
import { parseQueryParams, type QueryParams } from './parse-filters.ts';
import { newPlan, planRead, type ReadPlan } from './plan.ts';
import { inTransaction, queryRow, rollsBack, type ResultRow } from './request-transaction.ts';
import { bodyFormat, readResponse } from './rest-response.ts';
import type { RestRequest } from './rest-request.ts';
import type { TableInfo } from './schema-cache.ts';
import { selectItems } from './select-items.ts';

/** A `Range: items=from-to` header, unless the query's own limit or offset decides. */
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
    if (to < from) throw PgrstError.invalidRange(`The lower boundary must be lower than or equal to the upper boundary in the Range header.`);
    root.limit = to - from + 1;
  }
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
  if (count === 'planned' || count === 'estimated' || rollsBack(r)) return inTransaction(r, true, (tx) => readRows(tx, r, plan, from, sql, params));
  const result = await r.db.requestStatement<ResultRow>(r.auth, r.info, { sql, params: params.values, readOnly: true, reuse: true });
  return result.rows[0] as ResultRow;
}

export async function handleRead(r: RestRequest): Promise<Response> {
  const query = parseQueryParams(r.url.searchParams);
  applyRange(r.req.raw.headers, query);
  const items = selectItems(query.select, r.dbConfig);
  const plan = await r.caches.use(r.schema, (cache) => planRead(cache, newPlan(cache.table(r.name), r.name), items, query.levels));
  const params = new Params();
  const table = plan.table as TableInfo;
  const from = `${qualified(table)} as ${ident(plan.alias)}`;
  const sql = readQuery(plan, from, params, { single: r.single, count: r.prefs.count !== undefined && r.prefs.count !== 'planned', stripNulls: r.body.stripNulls, ...bodyFormat(r) });
  if (r.media.kind === 'plan') return explain(r, true, sql, params);
  const row = await readTable(r, plan, from, sql, params);
  return readResponse(r, plan, row);
}
