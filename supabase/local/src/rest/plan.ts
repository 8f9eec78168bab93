// Resolves a parsed select + query parameters against the schema cache into a tree of read plans:
// which relationship each embed uses, which filters/order/limit belong to which level.
import { spreadAggregatesNotImplemented, type Aggregate } from './aggregates.ts';
import { PgrstError } from './errors.ts';
import type { Condition, LevelParams, OrderTerm } from './parse-filters.ts';
import { fieldOutputName, type FieldRef, type SelectItem } from './parse-select.ts';
import { type Relationship, type SchemaCache, type TableInfo } from './schema-cache.ts';

export interface EmbedPlan {
  key: string;
  relationship: Relationship;
  plan: ReadPlan;
  inner: boolean;
  spread: boolean;
  toOne: boolean;
  /** SQL alias of the lateral join */
  joinAlias: string;
  /** `rel()` with an empty list: used only for filtering, absent from the output */
  hidden: boolean;
}

export type PlanField =
  | { kind: 'star' }
  | { kind: 'column'; field: FieldRef; key: string; cast?: string; aggregate?: Aggregate }
  | { kind: 'count'; key: string; cast?: string }
  | { kind: 'embed'; embed: EmbedPlan };

export interface ReadPlan {
  /** the relation's cache entry; absent for RPC results of anonymous record types */
  table?: TableInfo;
  /** name used to look up relationships (table name) */
  relation: string;
  /** SQL alias of this level's relation */
  alias: string;
  fields: PlanField[];
  embeds: EmbedPlan[];
  conditions: Condition[];
  /** `rel=is.null` (false) / `rel=not.is.null` (true) */
  presence: { embed: EmbedPlan; present: boolean }[];
  order: OrderTerm[];
  /** `order=rel(col)`: the relationship of each such term, by position in `order` */
  orderRelations: Map<number, EmbedPlan | Relationship>;
  limit?: number;
  offset?: number;
}

interface PlanContext {
  cache: SchemaCache;
  levels: Map<string, LevelParams>;
  usedLevels: Set<string>;
  aliasCounter: { n: number };
}

function relationshipLabel(r: Relationship): string {
  if (r.junction) {
    return `${r.junction.table} using ${r.junction.originConstraint}(${r.junction.columnsToOrigin.join(', ')}) and ${r.junction.targetConstraint}(${r.junction.columnsToTarget.join(', ')})`;
  }
  // PostgREST's compressedRel: the origin's columns first, whichever side holds the foreign key.
  return `${r.constraint} using ${r.origin}(${r.originColumns.join(', ')}) and ${r.target}(${r.targetColumns.join(', ')})`;
}

function single(cols: string[]): string | undefined {
  return cols.length === 1 ? cols[0] : undefined;
}

/**
 * Whether an embed `target!hint` (or `target` alone) names this relationship, as PostgREST's findRel:
 * by table, FK constraint or the origin's single FK column; a hint picks by constraint, either single
 * column or (many-to-many) the junction table. A self reference is the children (one-to-many) by table
 * name, hinted by the children's FK column, and the parent (many-to-one) by the origin's FK column.
 */
function namesRelationship(cache: SchemaCache, r: Relationship, target: string, hint: string | undefined): boolean {
  const direct = !r.junction;
  const isView = cache.tables.get(r.target)?.kind === 'view';
  if (r.origin === r.target) {
    if (hint === undefined) {
      return (target === r.target && r.cardinality === 'one-to-many') || (single(r.originColumns) === target && r.cardinality === 'many-to-one');
    }
    return target === r.target && r.cardinality === 'one-to-many' && single(r.targetColumns) === hint;
  }
  if (hint === undefined) {
    return target === r.target || (direct && !isView && (r.constraint === target || single(r.originColumns) === target));
  }
  if (target !== r.target) return false;
  if (r.junction) return r.junction.table === hint;
  return r.constraint === hint || single(r.originColumns) === hint || single(r.targetColumns) === hint;
}

/** The relationships from `origin` an embed may mean: to `target` itself, or (no hint) through a constraint or column named `target`. */
function candidateRelationships(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship[] {
  const targets = new Set(cache.tables.has(target) ? [target] : []);
  if (hint === undefined) for (const fk of cache.foreignKeys) if (fk.table === origin || fk.refTable === origin) targets.add(fk.table === origin ? fk.refTable : fk.table);
  return [...targets].flatMap((t) => cache.relationshipsBetween(origin, t)).filter((r) => namesRelationship(cache, r, target, hint));
}

export function resolveRelationship(cache: SchemaCache, origin: string, target: string, hint: string | undefined): Relationship {
  let candidates = candidateRelationships(cache, origin, target, hint);
  if (hint === undefined) {
    // A function of the origin row named like the embed (PostgREST's computed relationships) takes precedence.
    const computed = cache.computedRelationships(origin, target);
    if (computed.length > 0) candidates = computed;
  }
  if (candidates.length === 0) {
    throw PgrstError.noRelationship(origin, target, cache.schema, hint);
  }
  if (candidates.length > 1) {
    throw PgrstError.ambiguousRelationship(
      origin,
      target,
      candidates.map((r) => ({ cardinality: r.cardinality, embedding: `${origin} with ${r.target}`, relationship: relationshipLabel(r) })),
      `Try changing '${target}' to one of the following: ${candidates.map((r) => `'${r.target}!${r.junction ? r.junction.table : r.constraint}'`).join(', ')}. Find the desired relationship in the 'details' key.`,
    );
  }
  return candidates[0] as Relationship;
}

function takeLevel(ctx: PlanContext, path: string): LevelParams | undefined {
  const level = ctx.levels.get(path);
  if (level) ctx.usedLevels.add(path);
  return level;
}

function embedPathName(item: Extract<SelectItem, { kind: 'embed' }>): string {
  return item.alias ?? item.target;
}

function buildLevel(ctx: PlanContext, plan: ReadPlan, items: SelectItem[], path: string): void {
  const depth = path === '' ? 1 : path.split('.').length + 1;
  const subqueryAliases = new Set<string>();
  for (const item of items) {
    if (item.kind === 'star') plan.fields.push({ kind: 'star' });
    else if (item.kind === 'count') plan.fields.push({ kind: 'count', key: item.alias ?? 'count', ...(item.cast !== undefined && { cast: item.cast }) });
    else if (item.kind === 'column') {
      const key = item.alias ?? (item.aggregate ? item.aggregate.fn : fieldOutputName(item.field));
      plan.fields.push({ kind: 'column', field: item.field, key, ...(item.cast !== undefined && { cast: item.cast }), ...(item.aggregate && { aggregate: item.aggregate }) });
    } else {
      const relationship = resolveRelationship(ctx.cache, plan.relation, item.target, item.hint);
      // PostgREST names each embed's subquery `<origin>_<alias or name>_<depth>`: the same embed twice
      // without aliases fails in Postgres (42712).
      const subqueryAlias = `${plan.relation}_${embedPathName(item)}_${depth}`;
      if (subqueryAliases.has(subqueryAlias)) throw PgrstError.duplicateAlias(subqueryAlias);
      subqueryAliases.add(subqueryAlias);
      const toOne = relationship.cardinality === 'many-to-one' || relationship.cardinality === 'one-to-one';
      // PostgREST 14 spreads a to-many embed as arrays; aggregates there are not modelled here.
      if (item.spread && !toOne && item.items.some((i) => i.kind === 'count' || (i.kind === 'column' && i.aggregate))) throw spreadAggregatesNotImplemented(item.target);
      ctx.aliasCounter.n += 1;
      const childPath = path === '' ? embedPathName(item) : `${path}.${embedPathName(item)}`;
      const target = ctx.cache.table(relationship.target);
      const child: ReadPlan = newPlan(target, `${relationship.target}_${ctx.aliasCounter.n}`);
      const embed: EmbedPlan = {
        key: embedPathName(item),
        relationship,
        plan: child,
        inner: item.joinType === 'inner',
        spread: item.spread,
        toOne,
        joinAlias: `pgrst_${ctx.aliasCounter.n}_${relationship.target}`,
        hidden: item.items.length === 0,
      };
      plan.embeds.push(embed);
      plan.fields.push({ kind: 'embed', embed });
      buildLevel(ctx, child, item.items, childPath);
      // `order(col, {referencedTable: 'table'})` names the table even when the embed has an alias.
      if (item.alias !== undefined && !ctx.levels.has(childPath)) {
        const byTable = path === '' ? item.target : `${path}.${item.target}`;
        if (ctx.levels.has(byTable)) applyLevelParams(ctx, child, byTable);
      }
    }
  }
  applyLevelParams(ctx, plan, path);
}

function applyLevelParams(ctx: PlanContext, plan: ReadPlan, path: string): void {
  const level = takeLevel(ctx, path);
  if (!level) return;
  for (const condition of level.conditions) {
    const embed = condition.kind === 'filter' && condition.field.jsonPath.length === 0 ? plan.embeds.find((e) => e.key === condition.field.column) : undefined;
    if (embed && condition.kind === 'filter') {
      const value = condition.value.toLowerCase();
      if (condition.op !== 'is' || (value !== 'null' && value !== 'not_null')) {
        throw PgrstError.unacceptableFilter(embed.key);
      }
      plan.presence.push({ embed, present: (value === 'not_null') !== condition.negate });
    } else plan.conditions.push(condition);
  }
  if (level.order) {
    plan.order = level.order;
    level.order.forEach((term, index) => {
      if (term.relation === undefined) return;
      const embed = plan.embeds.find((e) => e.key === term.relation);
      const relationship = embed?.relationship ?? resolveRelationship(ctx.cache, plan.relation, term.relation, undefined);
      if (relationship.cardinality !== 'many-to-one' && relationship.cardinality !== 'one-to-one') {
        throw PgrstError.relatedOrderNotToOne(plan.relation, term.relation);
      }
      plan.orderRelations.set(index, embed ?? relationship);
    });
  }
  if (level.limit !== undefined) plan.limit = level.limit;
  if (level.offset !== undefined) plan.offset = level.offset;
}

export function newPlan(table: TableInfo | undefined, alias: string, relation = table?.name ?? alias): ReadPlan {
  return { ...(table && { table }), relation, alias, fields: [], embeds: [], conditions: [], presence: [], order: [], orderRelations: new Map() };
}

/** Plans the response of `relation` (a table, or a function result aliased as `alias`). */
export function planRead(cache: SchemaCache, root: ReadPlan, items: SelectItem[], levels: Map<string, LevelParams>): ReadPlan {
  const ctx: PlanContext = { cache, levels, usedLevels: new Set(), aliasCounter: { n: 0 } };
  buildLevel(ctx, root, items, '');
  for (const path of levels.keys()) {
    if (ctx.usedLevels.has(path)) continue;
    const first = path.split('.').at(-1) ?? path;
    throw PgrstError.notEmbedded(first);
  }
  return root;
}
