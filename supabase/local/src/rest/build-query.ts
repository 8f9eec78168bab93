// Turns read plans and write requests into one parameterised SQL statement whose JSON is built
// inside Postgres (json_agg / row_to_json over lateral subqueries), like PostgREST's QueryBuilder.
import { aggregateSql, type Aggregate } from './aggregates.ts';
import { csvBodySql } from './csv.ts';
import { geoJsonBodySql } from './geo-json.ts';
import type { Condition, FilterCondition, Operator } from './parse-filters.ts';
import type { FieldRef } from './parse-select.ts';
import type { EmbedPlan, PlanField, ReadPlan } from './plan.ts';
import type { FunctionArg, FunctionInfo, Relationship, TableInfo } from './schema-cache.ts';

export const maxRows = 1000;

export function ident(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export function qualified(table: { schema: string; name: string }): string {
  return `${ident(table.schema)}.${ident(table.name)}`;
}

export class Params {
  readonly values: unknown[] = [];
  add(value: unknown): string {
    this.values.push(value);
    return `$${this.values.length}`;
  }
}

/** A Postgres array literal of text items, e.g. {"a","b,c"}. */
export function arrayLiteral(items: string[]): string {
  return `{${items.map((item) => `"${item.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`).join(',')}}`;
}

export function fieldSql(alias: string, field: FieldRef, params: Params): string {
  let sql = `${ident(alias)}.${ident(field.column)}`;
  for (const step of field.jsonPath) {
    const key = typeof step.key === 'number' ? `${params.add(step.key)}::int` : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

const comparison: Partial<Record<Operator, string>> = {
  eq: '=', neq: '<>', gt: '>', gte: '>=', lt: '<', lte: '<=', like: 'like', ilike: 'ilike', match: '~', imatch: '~*',
  cs: '@>', cd: '<@', ov: '&&', sl: '<<', sr: '>>', nxl: '&>', nxr: '&<', adj: '-|-', isdistinct: 'is distinct from',
};
const ftsFunction: Partial<Record<Operator, string>> = { fts: 'to_tsquery', plfts: 'plainto_tsquery', phfts: 'phraseto_tsquery', wfts: 'websearch_to_tsquery' };

function filterSql(alias: string, f: FilterCondition, params: Params): string {
  const lhs = fieldSql(alias, f.field, params);
  const likeValue = (v: string): string => (f.op === 'like' || f.op === 'ilike' ? v.replace(/\*/g, '%') : v);
  let sql: string;
  if (f.op === 'in') {
    sql = f.list && f.list.length > 0 ? `${lhs} = any(${params.add(arrayLiteral(f.list))})` : 'false';
  } else if (f.op === 'is') {
    const word = f.value.toLowerCase();
    sql = `${lhs} is ${word === 'not_null' ? 'not null' : word}`;
  } else if (ftsFunction[f.op]) {
    const fn = ftsFunction[f.op] as string;
    sql = f.language !== undefined
      ? `${lhs} @@ ${fn}(${params.add(f.language)}::regconfig, ${params.add(f.value)})`
      : `${lhs} @@ ${fn}(${params.add(f.value)})`;
  } else if (f.modifier) {
    const items = f.value.startsWith('{') && f.value.endsWith('}') ? f.value : `{${f.value}}`;
    sql = `${lhs} ${comparison[f.op]} ${f.modifier}(${params.add(f.op === 'like' || f.op === 'ilike' ? items.replace(/\*/g, '%') : items)})`;
  } else {
    sql = `${lhs} ${comparison[f.op]} ${params.add(likeValue(f.value))}`;
  }
  return f.negate ? `not (${sql})` : sql;
}

export function conditionSql(alias: string, condition: Condition, params: Params): string {
  if (condition.kind === 'filter') return filterSql(alias, condition, params);
  const parts = condition.children.map((child) => conditionSql(alias, child, params));
  const joined = parts.length === 0 ? 'true' : `(${parts.join(condition.op === 'or' ? ' or ' : ' and ')})`;
  return condition.negate ? `not ${joined}` : joined;
}

/** `target.tc = origin.oc` (and the junction hop for many-to-many). */
function joinCondition(relationship: Relationship, originAlias: string, targetAlias: string): string {
  const { junction } = relationship;
  if (!junction) {
    return relationship.targetColumns
      .map((tc, i) => `${ident(targetAlias)}.${ident(tc)} = ${ident(originAlias)}.${ident(relationship.originColumns[i] as string)}`)
      .join(' and ');
  }
  const j = 'pgrst_junction';
  const toTarget = junction.columnsToTarget.map((jc, i) => `${j}.${ident(jc)} = ${ident(targetAlias)}.${ident(relationship.targetColumns[i] as string)}`);
  const toOrigin = junction.columnsToOrigin.map((jc, i) => `${j}.${ident(jc)} = ${ident(originAlias)}.${ident(relationship.originColumns[i] as string)}`);
  return `exists (select 1 from ${ident(junction.schema)}.${ident(junction.table)} as ${j} where ${[...toTarget, ...toOrigin].join(' and ')})`;
}

function lateralSql(embed: EmbedPlan, parentAlias: string, params: Params): string {
  const child = embed.plan;
  const { computed, schema } = embed.relationship;
  // A computed relationship calls its function with the parent row; a foreign key joins on columns.
  const from = computed
    ? `${ident(schema)}.${ident(computed)}(${ident(parentAlias)}) as ${ident(child.alias)}`
    : `${qualified(child.table as TableInfo)} as ${ident(child.alias)}`;
  // A spread's aggregates apply at its parent level: the spread selects their inputs (spreadColumns).
  const inner = selectSql(child, from, params, { where: computed ? [] : [joinCondition(embed.relationship, parentAlias, child.alias)], isRoot: false, aggregateInputs: embed.spread });
  const join = embed.inner ? 'inner join lateral' : 'left join lateral';
  const having = embed.inner ? ' having count(*) > 0' : '';
  if (embed.spread && !embed.toOne) {
    // PostgREST 14 spreads a to-many embed as one array per column.
    const columns = outputKeys(child).map((key) => `coalesce(json_agg(pgrst_row.${ident(key)}), '[]'::json) as ${ident(key)}`);
    return `${join} (select ${columns.join(', ')} from (${inner}) as pgrst_row${having}) as ${ident(embed.joinAlias)} on true`;
  }
  if (embed.spread) return `${join} (${inner}) as ${ident(embed.joinAlias)} on true`;
  if (embed.toOne) {
    return `${join} (select row_to_json(pgrst_row)::json as v from (${inner}) as pgrst_row) as ${ident(embed.joinAlias)} on true`;
  }
  return `${join} (select coalesce(json_agg(pgrst_row), '[]'::json) as v from (${inner}) as pgrst_row${having}) as ${ident(embed.joinAlias)} on true`;
}

function presenceSql(embed: EmbedPlan, present: boolean): string {
  const v = `${ident(embed.joinAlias)}.v`;
  if (embed.toOne) return present ? `${v} is not null` : `${v} is null`;
  return present ? `json_array_length(${v}) > 0` : `json_array_length(${v}) = 0`;
}

function orderSql(plan: ReadPlan, params: Params): string {
  const terms = plan.order.map((term, index) => {
    let expr: string;
    const related = plan.orderRelations.get(index);
    if (related) {
      const relationship = 'relationship' in related ? related.relationship : related;
      const alias = `pgrst_order_${index}`;
      expr = `(select ${fieldSql(alias, term.field, params)} from ${ident(relationship.schema)}.${ident(relationship.target)} as ${ident(alias)} where ${joinCondition(relationship, plan.alias, alias)} limit 1)`;
    } else expr = fieldSql(plan.alias, term.field, params);
    const direction = term.direction === 'desc' ? ' desc' : ' asc';
    const nulls = term.nulls === 'first' ? ' nulls first' : term.nulls === 'last' ? ' nulls last' : '';
    return `${expr}${direction}${nulls}`;
  });
  return terms.length > 0 ? ` order by ${terms.join(', ')}` : '';
}

export interface SelectOptions {
  where?: string[];
  isRoot: boolean;
  /** count-only: no select list, order or paging */
  countOnly?: boolean;
  /** expand `*` from the cache instead of `alias.*` (write results carry helper columns) */
  expandStar?: boolean;
  /** a spread level: select each aggregate's input under its key, for the parent to aggregate */
  aggregateInputs?: boolean;
}

function isAggregate(field: PlanField): boolean {
  return field.kind === 'count' || (field.kind === 'column' && field.aggregate !== undefined);
}

interface SpreadColumn {
  key: string;
  aggregate?: Aggregate;
}

/** The output columns of a level, a spread's own flattened in, with the aggregate each one takes. */
function spreadColumns(plan: ReadPlan): SpreadColumn[] {
  return plan.fields.flatMap((field): SpreadColumn[] => {
    if (field.kind === 'star') return plan.table ? plan.table.columns.map((c) => ({ key: c.name })) : [];
    if (field.kind === 'count') return [{ key: field.key, aggregate: { fn: 'count', ...(field.cast !== undefined && { cast: field.cast }) } }];
    if (field.kind === 'column') return [{ key: field.key, ...(field.aggregate && { aggregate: field.aggregate }) }];
    if (field.embed.hidden) return [];
    return field.embed.spread && field.embed.toOne ? spreadColumns(field.embed.plan) : [{ key: field.embed.key }];
  });
}

/** The output column names of a level (a spread's columns, grouped by its parent). */
function outputKeys(plan: ReadPlan): string[] {
  return spreadColumns(plan).map((c) => c.key);
}

/** A to-one spread whose columns include aggregates: they group its parent's rows. */
function spreadAggregates(field: PlanField): boolean {
  return field.kind === 'embed' && field.embed.spread && field.embed.toOne && spreadColumns(field.embed.plan).some((c) => c.aggregate);
}

/** A spread's columns in its parent's select list, aggregated there when the level is grouped. */
function spreadFieldSql(embed: EmbedPlan, grouped: boolean, fields: string[], groupBy: string[]): void {
  const alias = ident(embed.joinAlias);
  if (!grouped || !embed.toOne) {
    fields.push(`${alias}.*`);
    if (grouped) groupBy.push(...outputKeys(embed.plan).map((key) => `${alias}.${ident(key)}`));
    return;
  }
  for (const column of spreadColumns(embed.plan)) {
    const value = `${alias}.${ident(column.key)}`;
    if (column.aggregate) fields.push(`${aggregateSql(column.aggregate, value)} as ${ident(column.key)}`);
    else {
      fields.push(`${value} as ${ident(column.key)}`);
      groupBy.push(value);
    }
  }
}

/** `select <fields> from <from> <lateral joins> where … [group by …] order by … limit … offset …` for one level. */
export function selectSql(plan: ReadPlan, from: string, params: Params, opts: SelectOptions): string {
  const laterals = plan.embeds.map((embed) => lateralSql(embed, plan.alias, params));
  const fields: string[] = [];
  // With an aggregate, every other selected column and embed groups the rows (json has no equality: embeds group by their text).
  const grouped = !opts.countOnly && !opts.aggregateInputs && plan.fields.some((f) => isAggregate(f) || spreadAggregates(f));
  const groupBy: string[] = [];
  if (!opts.countOnly) {
    for (const field of plan.fields) {
      if (field.kind === 'star') {
        const columns = (opts.expandStar || grouped) && plan.table ? plan.table.columns.map((c) => `${ident(plan.alias)}.${ident(c.name)}`) : undefined;
        if (columns) fields.push(...columns);
        else fields.push(`${ident(plan.alias)}.*`);
        if (grouped) groupBy.push(...(columns ?? [`${ident(plan.alias)}.*`]));
      } else if (field.kind === 'count') {
        fields.push(opts.aggregateInputs ? `1 as ${ident(field.key)}` : `${aggregateSql({ fn: 'count', ...(field.cast !== undefined && { cast: field.cast }) }, null)} as ${ident(field.key)}`);
      } else if (field.kind === 'column') {
        const expr = fieldSql(plan.alias, field.field, params);
        const value = field.cast ? `(${expr})::${field.cast}` : expr;
        if (field.aggregate && !opts.aggregateInputs) {
          fields.push(`${aggregateSql(field.aggregate, value)} as ${ident(field.key)}`);
        } else {
          fields.push(`${value} as ${ident(field.key)}`);
          if (grouped) groupBy.push(value);
        }
      } else if (field.embed.hidden) {
        continue;
      } else if (field.embed.spread) {
        spreadFieldSql(field.embed, grouped, fields, groupBy);
      } else if (grouped) {
        const text = `(${ident(field.embed.joinAlias)}.v)::text`;
        fields.push(`(${text})::json as ${ident(field.embed.key)}`);
        groupBy.push(text);
      } else {
        fields.push(`${ident(field.embed.joinAlias)}.v as ${ident(field.embed.key)}`);
      }
    }
  }
  const where = [
    ...(opts.where ?? []),
    ...plan.conditions.map((c) => conditionSql(plan.alias, c, params)),
    ...plan.presence.map((p) => presenceSql(p.embed, p.present)),
  ];
  let sql = `select ${opts.countOnly ? '1' : fields.join(', ')} from ${from}${laterals.length ? ` ${laterals.join(' ')}` : ''}`;
  if (where.length > 0) sql += ` where ${where.join(' and ')}`;
  if (opts.countOnly) return sql;
  if (groupBy.length > 0) sql += ` group by ${groupBy.join(', ')}`;
  sql += orderSql(plan, params);
  const limit = opts.isRoot ? Math.min(plan.limit ?? maxRows, maxRows) : plan.limit;
  if (limit !== undefined) sql += ` limit ${limit}`;
  if (plan.offset !== undefined) sql += ` offset ${plan.offset}`;
  return sql;
}

export interface ReadQueryOptions {
  single: boolean;
  count: boolean;
  /** Accept: …;nulls=stripped (supabase-js stripNulls()) */
  stripNulls?: boolean;
  /** SQL prefix such as `with pgrst_args as (…)` */
  with?: string;
  /** a body other than JSON (Accept: text/csv, application/geo+json) */
  format?: 'csv' | 'geojson';
}

/**
 * `select <body> as body, count(*) … from (<page>) as pgrst_t`, with the body built as JSON (an array
 * or one object), CSV or GeoJSON. CSV reads its header from the first row, so the page becomes a CTE.
 */
function bodyQuery(prefix: string | undefined, page: string, columns: string, opts: { single: boolean; stripNulls?: boolean; format?: 'csv' | 'geojson' }): string {
  if (opts.format === 'csv') {
    const withSql = prefix ? `${prefix}, pgrst_page as (${page})` : `with pgrst_page as (${page})`;
    return `${withSql} select ${csvBodySql('pgrst_page', 'pgrst_t')} as body, ${columns} from pgrst_page as pgrst_t`;
  }
  const row = opts.stripNulls ? 'json_strip_nulls(row_to_json(pgrst_t))' : 'pgrst_t';
  const body = opts.format === 'geojson'
    ? geoJsonBodySql('pgrst_t')
    : opts.single ? `coalesce((json_agg(${row})->0)::text, 'null')` : `coalesce(json_agg(${row}), '[]'::json)::text`;
  return `${prefix ? `${prefix} ` : ''}select ${body} as body, ${columns} from (${page}) as pgrst_t`;
}

/** The whole GET statement: body text, page count and (optionally) the total count. */
export function readQuery(plan: ReadPlan, from: string, params: Params, opts: ReadQueryOptions): string {
  const page = selectSql(plan, from, params, { isRoot: true });
  const total = opts.count ? `(select count(*) from (${selectSql(plan, from, params, { isRoot: true, countOnly: true })}) as pgrst_c)::text` : 'null::text';
  return bodyQuery(opts.with, page, `count(*)::text as page_count, ${total} as total`, opts);
}

/** EXPLAIN of the rows a read would count: its top `Plan Rows` is `Prefer: count=planned`. */
export function plannedCountSql(plan: ReadPlan, from: string, params: Params): string {
  return `explain (format json) ${selectSql(plan, from, params, { isRoot: true, countOnly: true })}`;
}

export interface WriteResultOptions {
  representation: boolean;
  single: boolean;
  upsert: boolean;
  format?: 'csv' | 'geojson';
}

/** Wraps a data-modifying statement `… returning "t".*` and shapes its rows with the read plan. */
export function writeQuery(mutation: string, plan: ReadPlan, params: Params, opts: WriteResultOptions, prefix = ''): string {
  const shaped = opts.representation ? selectSql(plan, `pgrst_source as ${ident(plan.alias)}`, params, { isRoot: false, expandStar: true }) : 'select 1 from pgrst_source';
  const inserted = opts.upsert ? `(select count(*) from pgrst_source where pgrst_inserted)::text` : 'null::text';
  const columns = `count(*)::text as page_count, ${inserted} as inserted`;
  const withSql = `with ${prefix}pgrst_source as (${mutation})`;
  if (!opts.representation) return `${withSql} select '' as body, ${columns} from (${shaped}) as pgrst_t`;
  return bodyQuery(withSql, shaped, columns, opts);
}

export interface InsertOptions {
  columns: string[];
  /** Prefer: missing=default → absent keys take the column default */
  missingDefault: boolean;
  conflict?: { columns: string[] | null; action: 'merge' | 'ignore' };
}

export function insertStatement(table: TableInfo, body: unknown[], opts: InsertOptions, params: Params): string {
  const target = qualified(table);
  const alias = ident(table.name);
  const rows = params.add(JSON.stringify(body));
  // Prefer: missing=default. As PostgREST (`jsonb_build_object(<defaults>) || row`), every row evaluates
  // every default, also where it gives the value: a row with its own id still takes a sequence number.
  const defaults: string[] = [];
  const values = opts.columns.map((name) => {
    const value = `pgrst_r.${ident(name)}`;
    if (!opts.missingDefault) return value;
    const defaultSql = table.columns.find((c) => c.name === name)?.defaultSql;
    if (!defaultSql) return `case when (pgrst_e.j::jsonb) ? ${params.add(name)} then ${value} end`;
    defaults.push(`${defaultSql} as pgrst_d${defaults.length}`);
    return `case when (pgrst_e.j::jsonb) ? ${params.add(name)} then ${value} else pgrst_d.pgrst_d${defaults.length - 1} end`;
  });
  // correlated with the row (pgrst_e.i), so it cannot be computed once and reused
  const withDefaults = defaults.length > 0 ? ` cross join lateral (select pgrst_e.i, ${defaults.join(', ')}) as pgrst_d` : '';
  let sql = `insert into ${target} as ${alias} (${opts.columns.map(ident).join(', ')}) select ${values.join(', ')} from json_array_elements(${rows}::json) with ordinality as pgrst_e(j, i) cross join lateral json_populate_record(null::${target}, pgrst_e.j) as pgrst_r${withDefaults} order by pgrst_e.i`;
  if (opts.conflict) {
    const target = opts.conflict.columns ? ` (${opts.conflict.columns.map(ident).join(', ')})` : '';
    if (opts.conflict.action === 'ignore' || opts.columns.length === 0) sql += ` on conflict${target} do nothing`;
    else sql += ` on conflict${target} do update set ${opts.columns.map((c) => `${ident(c)} = excluded.${ident(c)}`).join(', ')}`;
  }
  sql += ` returning ${alias}.*`;
  if (opts.conflict) sql += `, (${alias}.xmax = 0) as pgrst_inserted`;
  return sql;
}

export function updateStatement(table: TableInfo, body: Record<string, unknown>, columns: string[], where: string[], params: Params): string {
  const alias = ident(table.name);
  const sets = columns.map((c) => `${ident(c)} = pgrst_r.${ident(c)}`).join(', ');
  const condition = where.length > 0 ? ` where ${where.join(' and ')}` : '';
  return `update ${qualified(table)} as ${alias} set ${sets} from json_populate_record(null::${qualified(table)}, ${params.add(JSON.stringify(body))}::json) as pgrst_r${condition} returning ${alias}.*`;
}

export function deleteStatement(table: TableInfo, where: string[]): string {
  const alias = ident(table.name);
  const condition = where.length > 0 ? ` where ${where.join(' and ')}` : '';
  return `delete from ${qualified(table)} as ${alias}${condition} returning ${alias}.*`;
}

/** Pseudo-types cannot be decoded from JSON: polymorphic arguments arrive as text (or text[]). */
function decodableType(type: string): string {
  if (/^any(compatible)?array$/.test(type)) return 'text[]';
  if (/^any(element|nonarray|enum|compatible|compatiblenonarray)?$/.test(type)) return 'text';
  return type;
}

const wholeBodyCast: Record<string, string> = { json: '::json', jsonb: '::jsonb', text: '::text', xml: '::xml' };

/**
 * `"schema"."fn"("a" := …, variadic "v" := …)` with the arguments decoded by json_to_record, or the
 * whole body (its text: JSON, text, xml; bytea arrives hex-encoded) for a single unnamed parameter.
 */
export function functionCall(fn: FunctionInfo, args: unknown, argNames: string[] | 'whole-body', params: Params): { with: string | undefined; call: string } {
  const name = `${ident(fn.schema)}.${ident(fn.name)}`;
  if (argNames === 'whole-body') {
    const type = fn.args[0]?.type ?? 'json';
    if (type === 'bytea') return { with: undefined, call: `${name}(decode(${params.add(args)}, 'hex'))` };
    return { with: undefined, call: `${name}(${params.add(args)}${wholeBodyCast[type] ?? '::text'})` };
  }
  if (argNames.length === 0) return { with: undefined, call: `${name}()` };
  const argOf = (arg: string): FunctionArg | undefined => fn.args.find((a) => a.name === arg);
  const defs = argNames.map((arg) => `${ident(arg)} ${decodableType(argOf(arg)?.type ?? 'text')}`);
  const withSql = `with pgrst_args as (select * from json_to_record(${params.add(JSON.stringify(args))}::json) as pgrst_a(${defs.join(', ')}))`;
  const call = `${name}(${argNames.map((arg) => `${argOf(arg)?.variadic ? 'variadic ' : ''}${ident(arg)} := (select ${ident(arg)} from pgrst_args)`).join(', ')})`;
  return { with: withSql, call };
}
