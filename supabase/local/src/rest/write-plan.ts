// What inserts and updates/deletes share: the written columns checked against the table, the root
// filters moved out of the read plan (they select the rows written, not the rows returned).
import { conditionSql, ident, qualified, type Params } from './build-query.ts';
import { PgrstError } from './errors.ts';
import type { ReadPlan } from './plan.ts';
import type { TableInfo } from './schema-cache.ts';

export function checkColumns(table: TableInfo, columns: readonly string[]): void {
  for (const col of columns) if (!table.columns.some((tc) => tc.name === col)) throw PgrstError.columnNotFound(table.name, col);
}

/** The root filters as SQL conditions, taken off the plan of the returned rows. */
export function takeRootConditions(plan: ReadPlan, params: Params): string[] {
  const where = plan.conditions.map((c) => conditionSql(plan.alias, c, params));
  plan.conditions = [];
  return where;
}

/** A write that writes nothing (no rows, no columns) but still answers with the table's row shape. */
export function noRowsStatement(table: TableInfo): string {
  return `select * from ${qualified(table)} as ${ident(table.name)} where false`;
}
