// Running a request's SQL: one transaction under the request's role and claims (db.asRequest), ended
// as `Prefer: tx` (when allowed) or `pgrst.db_tx_end` says.
import type { QueryOptions, RequestQueryable } from '../db/database.ts';
import type { Params } from './build-query.ts';
import type { RestRequest } from './rest-request.ts';

/** The one row a read or write query returns (build-query's readQuery / writeQuery). */
export interface ResultRow {
  body: string;
  page_count: string;
  total?: string | null;
  inserted?: string | null;
}

/** Thrown inside a transaction to roll it back (`Prefer: tx=rollback`, `pgrst.db_tx_end`) while keeping the answer. */
class RollbackWith<T> {
  constructor(readonly value: T) {}
}

export function rollsBack(r: RestRequest): boolean {
  return (r.prefs.tx ?? (r.dbConfig.txEnd.startsWith('rollback') ? 'rollback' : 'commit')) === 'rollback';
}

/** One request transaction; it ends as `Prefer: tx` (when allowed) or `pgrst.db_tx_end` says. */
export async function inTransaction<T>(r: RestRequest, readOnly: boolean, fn: (tx: RequestQueryable) => Promise<T>): Promise<T> {
  const rollback = rollsBack(r);
  try {
    return await r.db.asRequest(r.auth, r.info, async (tx) => {
      const value = await fn(tx);
      if (rollback) throw new RollbackWith(value);
      return value;
    }, { readOnly });
  } catch (error) {
    if (error instanceof RollbackWith) return error.value as T;
    throw error;
  }
}

export async function queryRow(tx: RequestQueryable, sql: string, params: Params, options?: QueryOptions): Promise<ResultRow> {
  const result = await tx.query<ResultRow>(sql, params.values, options);
  return result.rows[0] as ResultRow;
}
