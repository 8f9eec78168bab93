// Aggregate functions in `select` (PostgREST 12+): `count()`, `col.sum()`, `col.avg()`, `col.min()`,
// `col.max()`, `col.count()`, with input casts (`col::int.sum()`) and output casts (`col.avg()::int`),
// grouped by the level's other selected columns and embeds. Allowed only when the authenticator role
// sets `pgrst.db_aggregates_enabled`; otherwise 400 PGRST123, as PostgREST.
import type { DbConfig } from './db-config.ts';
import { PgrstError } from './errors.ts';
import type { SelectItem } from './parse-select.ts';

export const aggregateFunctions = ['sum', 'avg', 'max', 'min', 'count'] as const;
export type AggregateFunction = (typeof aggregateFunctions)[number];

export interface Aggregate {
  fn: AggregateFunction;
  /** cast of the aggregate's result (`col.avg()::int`) */
  cast?: string;
}

function usesAggregates(items: SelectItem[]): boolean {
  return items.some((item) => item.kind === 'count' || (item.kind === 'column' && item.aggregate !== undefined) || (item.kind === 'embed' && usesAggregates(item.items)));
}

/** Refuses a select with aggregates unless the database config enables them. */
export function checkAggregates(items: SelectItem[], config: DbConfig): void {
  if (!config.aggregatesEnabled && usesAggregates(items)) throw PgrstError.aggregatesNotAllowed();
}

/** `fn(<input>)`, or `count(*)` for a bare `count()`, with the result cast. */
export function aggregateSql(aggregate: Aggregate, input: string | null): string {
  const call = `${aggregate.fn}(${input ?? '*'})`;
  return aggregate.cast ? `(${call})::${aggregate.cast}` : call;
}

/**
 * Aggregates of a to-one spread apply to the parent level (build-query.ts); inside the spread of a
 * to-many embed (PostgREST 14's arrays) this server does not model them.
 */
export function spreadAggregatesNotImplemented(target: string): PgrstError {
  return PgrstError.notImplemented(`Aggregate functions inside the spread of '${target}' are not supported by this stand-in`);
}
