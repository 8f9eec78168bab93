// What PostgREST keeps in its schema cache: exposed tables/views with columns and keys, the FK
// relationships between them, and the callable functions. Loaded from pg_catalog as the owner.
import type { Queryable } from '../db/database.ts';
import { PgrstError } from './errors.ts';

export interface ColumnInfo {
  name: string;
  type: string;
  nullable: boolean;
  /** default expression from the catalog (trusted SQL), if any */
  defaultSql: string | null;
  generated: boolean;
  identity: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  kind: 'table' | 'view';
  columns: ColumnInfo[];
  primaryKey: string[];
  uniqueKeys: string[][];
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export type Cardinality = 'many-to-one' | 'one-to-many' | 'one-to-one' | 'many-to-many';

export interface Relationship {
  cardinality: Cardinality;
  /** schema of origin, target and junction (relationships stay inside one exposed schema) */
  schema: string;
  origin: string;
  target: string;
  /** constraint name (direct) */
  constraint: string;
  /** the FK columns sit on the origin table (many-to-one, or one-to-one seen from the FK side) */
  fkOnOrigin: boolean;
  /** `target.targetColumns[i] = origin.originColumns[i]` for direct relationships */
  originColumns: string[];
  targetColumns: string[];
  /** a computed relationship: `target` rows come from this function of the origin row */
  computed?: string;
  junction?: {
    schema: string;
    table: string;
    originConstraint: string;
    targetConstraint: string;
    /** junction.columnsToOrigin[i] = origin.originColumns[i] */
    columnsToOrigin: string[];
    columnsToTarget: string[];
  };
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  /** the `variadic` parameter (always the last input) */
  variadic: boolean;
}

export interface FunctionInfo {
  schema: string;
  name: string;
  args: FunctionArg[];
  returnType: string;
  returnsSet: boolean;
  /** void, scalar, or a composite (row) type */
  returnKind: 'void' | 'scalar' | 'composite';
  /** when the composite is an exposed table/view: embeds work on the result */
  returnTable?: string;
  /** the function takes one row of this exposed table (a computed relationship when it returns a table's rows) */
  rowArgTable?: string;
  /** `returns setof … rows 1`: a to-one computed relationship */
  rowsOne: boolean;
  volatility: 'volatile' | 'stable' | 'immutable';
}

const tablesSql = `
select c.relname as name, case when c.relkind in ('r', 'p', 'f') then 'table' else 'view' end as kind,
  coalesce((
    select json_agg(json_build_object(
      'name', a.attname, 'type', format_type(a.atttypid, a.atttypmod), 'nullable', not a.attnotnull,
      'default', pg_get_expr(d.adbin, d.adrelid), 'generated', a.attgenerated <> '', 'identity', a.attidentity <> ''
    ) order by a.attnum)
    from pg_attribute a left join pg_attrdef d on d.adrelid = a.attrelid and d.adnum = a.attnum
    where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
  ), '[]')::text as columns
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'p', 'f', 'v', 'm')`;

const keysSql = `
select con.conname as name, con.contype as type, cl.relname as table_name,
  array(select a.attname::text from unnest(con.conkey) with ordinality k(attnum, i) join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i) as columns,
  rcl.relname as ref_table,
  array(select a.attname::text from unnest(con.confkey) with ordinality k(attnum, i) join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i) as ref_columns,
  (rn.nspname = $1) as ref_exposed
from pg_constraint con
join pg_class cl on cl.oid = con.conrelid join pg_namespace n on n.oid = cl.relnamespace
left join pg_class rcl on rcl.oid = con.confrelid left join pg_namespace rn on rn.oid = rcl.relnamespace
where n.nspname = $1 and con.contype in ('p', 'u', 'f')
union all
select i.relname, 'u', cl.relname,
  array(select a.attname::text from unnest(ix.indkey::int2[]) with ordinality k(attnum, i) join pg_attribute a on a.attrelid = ix.indrelid and a.attnum = k.attnum order by k.i),
  null, null, null
from pg_index ix join pg_class i on i.oid = ix.indexrelid join pg_class cl on cl.oid = ix.indrelid join pg_namespace n on n.oid = cl.relnamespace
where n.nspname = $1 and ix.indisunique and ix.indpred is null and not exists (select 1 from pg_constraint c where c.conindid = ix.indexrelid)
  and 0 <> all (ix.indkey::int2[])`;

const functionsSql = `
select p.proname as name, p.proretset as returns_set, p.provolatile as volatility, p.pronargs as nargs, p.pronargdefaults as ndefaults,
  format_type(p.prorettype, null) as return_type, t.typtype as return_typtype,
  (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace where rc.oid = t.typrelid and rn.nspname = $1) as return_table,
  (select rc.relname from pg_class rc join pg_namespace rn on rn.oid = rc.relnamespace
    where p.pronargs = 1 and rc.reltype = p.proargtypes[0] and rn.nspname = $1) as row_arg_table,
  p.prorows as rows_estimate,
  coalesce(p.proargnames, '{}')::text[] as arg_names,
  coalesce(p.proargmodes::text[], '{}') as arg_modes,
  array(select format_type(x, null) from unnest(coalesce(p.proallargtypes, p.proargtypes::oid[])) with ordinality u(x, i) order by i) as arg_types
from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type t on t.oid = p.prorettype
where n.nspname = $1 and p.prokind = 'f'
order by p.oid`;

/** Base-table columns a view passes through under the same name (the lineage PostgREST follows for views). */
const viewColumnsSql = `
select u.view_name::text as view_name, u.table_name::text as table_name, array_agg(u.column_name::text) as columns
from information_schema.view_column_usage u
join information_schema.columns c on c.table_schema = u.view_schema and c.table_name = u.view_name and c.column_name = u.column_name
where u.view_schema = $1 and u.table_schema = $1
group by u.view_name, u.table_name`;

interface KeyRow {
  name: string;
  type: 'p' | 'u' | 'f';
  table_name: string;
  columns: string[];
  ref_table: string | null;
  ref_columns: string[] | null;
  ref_exposed: boolean | null;
}

interface FunctionRow {
  name: string;
  returns_set: boolean;
  volatility: 'v' | 's' | 'i';
  nargs: number;
  ndefaults: number;
  return_type: string;
  return_typtype: string;
  return_table: string | null;
  row_arg_table: string | null;
  rows_estimate: number;
  arg_names: string[];
  arg_modes: string[];
  arg_types: string[];
}

function sameSet(a: string[], b: string[]): boolean {
  return a.length === b.length && a.every((x) => b.includes(x));
}

export class SchemaCache {
  readonly tables = new Map<string, TableInfo>();
  /** the exposed schema this cache describes */
  readonly schema: string;
  readonly foreignKeys: ForeignKey[] = [];
  readonly functions = new Map<string, FunctionInfo[]>();

  constructor(schema: string) {
    this.schema = schema;
  }

  static async load(db: Queryable, schema: string): Promise<SchemaCache> {
    const cache = new SchemaCache(schema);
    const tables = await db.query<{ name: string; kind: 'table' | 'view'; columns: string }>(tablesSql, [schema]);
    for (const row of tables.rows) {
      const columns = (JSON.parse(row.columns) as { name: string; type: string; nullable: boolean; default: string | null; generated: boolean; identity: boolean }[]).map((c) => ({
        name: c.name,
        type: c.type,
        nullable: c.nullable,
        defaultSql: c.default,
        generated: c.generated,
        identity: c.identity,
      }));
      cache.tables.set(row.name, { schema, name: row.name, kind: row.kind, columns, primaryKey: [], uniqueKeys: [] });
    }
    const keys = await db.query<KeyRow>(keysSql, [schema]);
    for (const key of keys.rows) {
      const table = cache.tables.get(key.table_name);
      if (!table) continue;
      if (key.type === 'p') {
        table.primaryKey = key.columns;
        table.uniqueKeys.push(key.columns);
      } else if (key.type === 'u') table.uniqueKeys.push(key.columns);
      else if (key.ref_exposed && key.ref_table && key.ref_columns) {
        cache.foreignKeys.push({ name: key.name, table: key.table_name, columns: key.columns, refTable: key.ref_table, refColumns: key.ref_columns });
      }
    }
    const lineage = await db.query<{ view_name: string; table_name: string; columns: string[] }>(viewColumnsSql, [schema]);
    cache.addViewForeignKeys(lineage.rows);
    const functions = await db.query<FunctionRow>(functionsSql, [schema]);
    for (const row of functions.rows) {
      const info = toFunctionInfo(row, schema);
      const list = cache.functions.get(info.name) ?? [];
      list.push(info);
      cache.functions.set(info.name, list);
    }
    return cache;
  }

  /**
   * Relationships through views: a foreign key of a base table whose columns a view exposes under the
   * same names also joins that view (both from the view and towards it).
   */
  addViewForeignKeys(lineage: { view_name: string; table_name: string; columns: string[] }[]): void {
    const base = [...this.foreignKeys];
    for (const { view_name: view, table_name: table, columns } of lineage) {
      if (!this.tables.has(view)) continue;
      const exposes = (cols: string[]): boolean => cols.every((col) => columns.includes(col));
      for (const fk of base) {
        if (fk.table === table && exposes(fk.columns)) this.foreignKeys.push({ ...fk, table: view });
        if (fk.refTable === table && exposes(fk.refColumns)) this.foreignKeys.push({ ...fk, refTable: view });
      }
    }
  }

  table(name: string): TableInfo {
    const table = this.tables.get(name);
    if (!table) {
      const suggestion = [...this.tables.keys()].find((t) => t.toLowerCase() === name.toLowerCase());
      throw PgrstError.tableNotFound(this.schema, name, suggestion);
    }
    return table;
  }

  private isUnique(table: string, columns: string[]): boolean {
    return this.tables.get(table)?.uniqueKeys.some((key) => sameSet(key, columns)) ?? false;
  }

  /** Every relationship from `origin` to `target` (direct both ways, and many-to-many via junctions). */
  relationshipsBetween(origin: string, target: string): Relationship[] {
    const found: Relationship[] = [];
    for (const fk of this.foreignKeys) {
      if (fk.table === origin && fk.refTable === target) {
        found.push({
          cardinality: this.isUnique(origin, fk.columns) ? 'one-to-one' : 'many-to-one', schema: this.schema,
          origin, target, constraint: fk.name, fkOnOrigin: true, originColumns: fk.columns, targetColumns: fk.refColumns,
        });
      }
      if (fk.refTable === origin && fk.table === target) {
        found.push({
          cardinality: this.isUnique(target, fk.columns) ? 'one-to-one' : 'one-to-many', schema: this.schema,
          origin, target, constraint: fk.name, fkOnOrigin: false, originColumns: fk.refColumns, targetColumns: fk.columns,
        });
      }
    }
    for (const toOrigin of this.foreignKeys) {
      if (toOrigin.refTable !== origin) continue;
      const junction = this.tables.get(toOrigin.table);
      if (!junction || junction.name === origin || junction.name === target) continue;
      for (const toTarget of this.foreignKeys) {
        if (toTarget === toOrigin || toTarget.table !== junction.name || toTarget.refTable !== target) continue;
        const pk = junction.primaryKey;
        if (![...toOrigin.columns, ...toTarget.columns].every((c) => pk.includes(c))) continue;
        found.push({
          cardinality: 'many-to-many', schema: this.schema, origin, target, constraint: toTarget.name, fkOnOrigin: false,
          originColumns: toOrigin.refColumns, targetColumns: toTarget.refColumns,
          junction: { schema: this.schema, table: junction.name, originConstraint: toOrigin.name, targetConstraint: toTarget.name, columnsToOrigin: toOrigin.columns, columnsToTarget: toTarget.columns },
        });
      }
    }
    return found;
  }

  /**
   * Computed relationships: functions named `name` that take one `origin` row and return rows of an
   * exposed table; to-one when they return a single row or `setof … rows 1`.
   */
  computedRelationships(origin: string, name: string): Relationship[] {
    return (this.functions.get(name) ?? [])
      .filter((fn) => fn.rowArgTable === origin && fn.returnTable !== undefined && this.tables.has(fn.returnTable))
      .map((fn) => ({
        cardinality: !fn.returnsSet || fn.rowsOne ? 'many-to-one' : 'one-to-many',
        schema: this.schema, origin, target: fn.returnTable as string, constraint: fn.name, fkOnOrigin: false,
        originColumns: [], targetColumns: [], computed: fn.name,
      }));
  }

  /** Relationships from `origin` whose FK constraint name or single FK column equals `name`. */
  relationshipsNamed(origin: string, name: string): Relationship[] {
    const found: Relationship[] = [];
    for (const fk of this.foreignKeys) {
      const byConstraint = fk.name === name;
      if (fk.table === origin && (byConstraint || (fk.columns.length === 1 && fk.columns[0] === name))) {
        found.push(...this.relationshipsBetween(origin, fk.refTable).filter((r) => r.constraint === fk.name && r.fkOnOrigin));
      }
      if (fk.refTable === origin && byConstraint) {
        found.push(...this.relationshipsBetween(origin, fk.table).filter((r) => r.constraint === fk.name && !r.fkOnOrigin && !r.junction));
      }
    }
    return found;
  }
}

function toFunctionInfo(row: FunctionRow, schema: string): FunctionInfo {
  const modes = row.arg_modes.length > 0 ? row.arg_modes : row.arg_types.map(() => 'i');
  const inputs: FunctionArg[] = [];
  let inputIndex = 0;
  row.arg_types.forEach((type, i) => {
    const mode = modes[i] ?? 'i';
    if (mode !== 'i' && mode !== 'b' && mode !== 'v') return;
    inputs.push({ name: row.arg_names[i] ?? '', type, hasDefault: inputIndex >= row.nargs - row.ndefaults, variadic: mode === 'v' });
    inputIndex += 1;
  });
  const composite = row.return_typtype === 'c' || row.return_type === 'record';
  return {
    schema,
    name: row.name,
    args: inputs,
    returnType: row.return_type,
    returnsSet: row.returns_set,
    returnKind: row.return_type === 'void' ? 'void' : composite ? 'composite' : 'scalar',
    ...(row.return_table ? { returnTable: row.return_table } : {}),
    ...(row.row_arg_table ? { rowArgTable: row.row_arg_table } : {}),
    rowsOne: Number(row.rows_estimate) === 1,
    volatility: row.volatility === 'v' ? 'volatile' : row.volatility === 's' ? 'stable' : 'immutable',
  };
}
