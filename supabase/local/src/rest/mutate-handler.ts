// PATCH and DELETE /rest/v1/<table>: update or delete the filtered rows (a filter is required, as
// pg-safeupdate makes it on hosted Supabase). PUT, PostgREST's single-row upsert, is refused: upserts
// are POSTs with `Prefer: resolution=…` (insert-handler.ts).
import { Params, deleteStatement, updateStatement, writeQuery } from './build-query.ts';
import { PgrstError } from './errors.ts';
import { explain } from './explain.ts';
import { contentType } from './media-type.ts';
import { parseQueryParams, type QueryParams } from './parse-filters.ts';
import type { SelectItem } from './parse-select.ts';
import { newPlan, planRead, type ReadPlan } from './plan.ts';
import { isObject, readJsonBody } from './request-body.ts';
import { inTransaction, queryRow, type ResultRow } from './request-transaction.ts';
import { bodyFormat, respond, withPreferenceApplied } from './rest-response.ts';
import type { RestRequest } from './rest-request.ts';
import type { TableInfo } from './schema-cache.ts';
import { selectItems } from './select-items.ts';
import { checkColumns, noRowsStatement, takeRootConditions } from './write-plan.ts';

type Change = { kind: 'update'; values: Record<string, unknown> } | { kind: 'delete' };

/** The plan of the returned rows and the updated columns (`columns=`, else the body's keys). */
function planMutation(r: RestRequest, query: QueryParams, change: Change, items: SelectItem[]): Promise<{ plan: ReadPlan; columns: string[] }> {
  return r.caches.use(r.schema, (cache) => {
    const table = cache.table(r.name);
    const cols = change.kind === 'update' ? query.columns ?? Object.keys(change.values) : [];
    checkColumns(table, cols);
    return { plan: planRead(cache, newPlan(table, r.name), items, query.levels), columns: cols };
  });
}

/** The UPDATE or DELETE; an update of no columns changes nothing. */
function mutationStatement(table: TableInfo, change: Change, columns: string[], where: string[], params: Params): string {
  if (change.kind === 'delete') return deleteStatement(table, where);
  return columns.length === 0 ? noRowsStatement(table) : updateStatement(table, change.values, columns, where, params);
}

/** Runs the statement; a singular response or `handling=strict, max-affected=n` can refuse the result. */
function runMutation(r: RestRequest, sql: string, params: Params): Promise<ResultRow> {
  return inTransaction(r, false, async (tx) => {
    const result = await queryRow(tx, sql, params);
    const affected = Number(result.page_count);
    if (r.single && affected !== 1) throw PgrstError.singularity(affected);
    if (r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined && affected > r.prefs.maxAffected) throw PgrstError.maxAffectedViolation(affected);
    return result;
  });
}

/** The update's new values (a JSON object body); a delete has none. */
async function readChange(r: RestRequest, kind: Change['kind']): Promise<Change> {
  if (kind === 'delete') return { kind };
  const values = await readJsonBody(r.req, false);
  if (!isObject(values)) throw PgrstError.invalidBody();
  return { kind, values };
}

async function mutate(r: RestRequest, kind: Change['kind']): Promise<Response> {
  const query = parseQueryParams(r.url.searchParams);
  const change = await readChange(r, kind);
  const items = selectItems(query.select, r.dbConfig);
  const { plan, columns } = await planMutation(r, query, change, items);
  const table = plan.table as TableInfo;
  const params = new Params();
  const where = takeRootConditions(plan, params);
  if (where.length === 0) throw PgrstError.missingWhere(change.kind === 'update' ? 'UPDATE' : 'DELETE');
  const representation = r.prefs.return === 'representation';
  const mutation = mutationStatement(table, change, columns, where, params);
  const sql = writeQuery(mutation, plan, params, { representation, single: r.single, upsert: false, ...bodyFormat(r) });
  if (r.media.kind === 'plan') return explain(r, false, sql, params);
  const row = await runMutation(r, sql, params);
  const count = Number(row.page_count);
  const headers = withPreferenceApplied({ 'Content-Range': count > 0 ? `0-${count - 1}/${count}` : '*/0' }, r.prefs);
  if (!representation) return respond(204, null, headers);
  headers['Content-Type'] = contentType(r.body);
  return respond(200, row.body, headers);
}

export function handleUpdate(r: RestRequest): Promise<Response> {
  return mutate(r, 'update');
}

export function handleDelete(r: RestRequest): Promise<Response> {
  return mutate(r, 'delete');
}

export async function refusePut(): Promise<Response> {
  throw PgrstError.invalidPut('PUT is not supported by this stand-in; use POST with Prefer: resolution=merge-duplicates');
}
