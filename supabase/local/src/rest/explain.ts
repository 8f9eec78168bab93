// `Accept: application/vnd.pgrst.plan[+json|+text]; for="…"; options=analyze|verbose|settings|buffers|wal`
// (supabase-js `.explain()`), answered when `pgrst.db_plan_enabled` is on: the request's main statement
// under EXPLAIN, as PostgREST's explainF builds it. Option errors (e.g. WAL without ANALYZE) are
// Postgres's own, surfaced like any other.
import type { Queryable } from '../db/database.ts';
import type { Params } from './build-query.ts';
import { contentType, type PlanMedia } from './media-type.ts';
import { inTransaction } from './request-transaction.ts';
import { respond } from './rest-response.ts';
import type { RestRequest } from './rest-request.ts';

export function explainSql(plan: PlanMedia, sql: string): string {
  const options = [`format ${plan.format}`, ...plan.options];
  return `explain (${options.join(', ')}) ${sql}`;
}

/** Runs the EXPLAIN and returns the plan: JSON text, or the text plan's lines. */
export async function runExplain(tx: Queryable, plan: PlanMedia, sql: string, values: unknown[]): Promise<string> {
  const result = await tx.query<{ 'QUERY PLAN': unknown }>(explainSql(plan, sql), values);
  const cells = result.rows.map((row) => row['QUERY PLAN']);
  if (plan.format === 'json') {
    const cell = cells[0];
    return typeof cell === 'string' ? cell : JSON.stringify(cell);
  }
  return cells.map(String).join('\n');
}

/** The plan of the request's main statement instead of its result (`Accept: application/vnd.pgrst.plan`). */
export async function explain(r: RestRequest, readOnly: boolean, sql: string, params: Params): Promise<Response> {
  if (r.media.kind !== 'plan') throw new Error('explain() without a plan media type');
  const plan = r.media.plan;
  const text = await inTransaction(r, readOnly, (tx) => runExplain(tx, plan, sql, params.values));
  return respond(200, text, { 'Content-Type': contentType(r.media) });
}
