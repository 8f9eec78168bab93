// POST /rest/v1/<table>: insert one row or many; with `Prefer: resolution=merge-duplicates|ignore-duplicates`
// an upsert (INSERT … ON CONFLICT on `on_conflict` or the primary key).
import { Params, ident, insertStatement, qualified, writeQuery } from './build-query.ts';
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

type Row = Record<string, unknown>;

/** The body's rows: one object or an array of objects. */
function bodyRows(body: unknown): Row[] {
  const rows = Array.isArray(body) ? body : [body];
  if (!rows.every(isObject)) throw PgrstError.invalidBody('All object keys must match');
  return rows as Row[];
}

/** The plan of the returned rows and the inserted columns (`columns=`, else the rows' shared keys). */
function planInsert(r: RestRequest, query: QueryParams, rows: Row[], items: SelectItem[]): Promise<{ plan: ReadPlan; columns: string[] }> {
  return r.caches.use(r.schema, (cache) => {
    const table = cache.table(r.name);
    let cols = query.columns;
    if (!cols) {
      const first = Object.keys(rows[0] ?? {});
      if (rows.some((o) => Object.keys(o).length !== first.length || !first.every((k) => k in o))) throw PgrstError.invalidBody('All object keys must match');
      cols = first;
    }
    checkColumns(table, cols);
    if (r.prefs.missing === 'default') cols = cols.filter((col) => rows.some((o) => col in o));
    return { plan: planRead(cache, newPlan(table, r.name), items, query.levels), columns: cols };
  });
}

/** The INSERT (or upsert); no rows write nothing, one empty row inserts the defaults. */
function insertMutation(r: RestRequest, table: TableInfo, rows: Row[], columns: string[], onConflict: string[] | undefined, params: Params): string {
  if (rows.length === 0) return noRowsStatement(table);
  if (columns.length === 0 && rows.length === 1) return `insert into ${qualified(table)} as ${ident(table.name)} default values returning ${ident(table.name)}.*`;
  const upsert = r.prefs.resolution;
  return insertStatement(table, rows, {
    columns,
    missingDefault: r.prefs.missing === 'default',
    ...(upsert && { conflict: { columns: onConflict ?? (table.primaryKey.length > 0 ? table.primaryKey : null), action: upsert === 'merge-duplicates' ? 'merge' : 'ignore' } }),
  }, params);
}

/** 201 with the rows, their Location (`return=headers-only`) or nothing, as Prefer: return asks. */
function insertResponse(r: RestRequest, table: TableInfo, row: ResultRow, status: number): Response {
  const headers = withPreferenceApplied({ 'Content-Range': `*/${Number(row.page_count)}` }, r.prefs);
  if (r.prefs.return === 'headers-only') {
    const first = (JSON.parse(row.body) as Row[])[0];
    if (first && table.primaryKey.length > 0) {
      headers.Location = `/${r.name}?${table.primaryKey.map((k) => `${encodeURIComponent(k)}=eq.${encodeURIComponent(String(first[k]))}`).join('&')}`;
    }
    return respond(status, null, headers);
  }
  if (r.prefs.return !== 'representation') return respond(status, null, headers);
  headers['Content-Type'] = contentType(r.body);
  return respond(status, row.body, headers);
}

export async function handleInsert(r: RestRequest): Promise<Response> {
  const query = parseQueryParams(r.url.searchParams);
  const rows = bodyRows(await readJsonBody(r.req, false));
  const items = selectItems(query.select, r.dbConfig);
  const { plan, columns } = await planInsert(r, query, rows, items);
  const table = plan.table as TableInfo;
  const upsert = r.prefs.resolution;
  if (upsert === 'merge-duplicates' && !query.onConflict && table.primaryKey.length === 0) {
    throw PgrstError.parseError(`"on_conflict" is required: table '${r.name}' has no primary key`);
  }
  const representation = r.prefs.return === 'representation' || r.prefs.return === 'headers-only';
  const params = new Params();
  takeRootConditions(plan, params);
  const mutation = insertMutation(r, table, rows, columns, query.onConflict, params);
  const isMerge = upsert === 'merge-duplicates' && rows.length > 0 && !(columns.length === 0 && rows.length === 1);
  const sql = writeQuery(mutation, plan, params, { representation, single: r.single, upsert: isMerge, ...bodyFormat(r) });
  if (r.media.kind === 'plan') return explain(r, false, sql, params);
  const row = await inTransaction(r, false, async (tx) => {
    const result = await queryRow(tx, sql, params);
    if (r.single && Number(result.page_count) !== 1) throw PgrstError.singularity(Number(result.page_count));
    return result;
  });
  const count = Number(row.page_count);
  const status = isMerge && Number(row.inserted ?? 0) === 0 && count > 0 ? 200 : rows.length === 0 && upsert ? 200 : 201;
  return insertResponse(r, table, row, status);
}
