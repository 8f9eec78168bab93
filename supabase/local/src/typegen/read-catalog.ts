// Reads what `supabase gen types` describes from the Postgres catalog: tables and views with their
// columns and foreign keys, functions, enums and composite types of the given schemas.
import type { Queryable } from '../db/database.ts';

/** A column's type as the generator needs it: its name and kind, and for an array its element's. */
export interface CatalogType {
  schema: string;
  name: string;
  /** pg_type.typtype: b base, e enum, c composite, d domain, p pseudo */
  kind: string;
  /** for a composite type: the kind of relation it is the row of (r table, v view, c composite type) */
  relationKind: string | null;
  element: Omit<CatalogType, 'element'> | null;
}

export interface CatalogColumn {
  name: string;
  type: CatalogType;
  nullable: boolean;
  hasDefault: boolean;
  /** GENERATED ALWAYS (identity or computed): the server refuses a value */
  generatedAlways: boolean;
}

export interface CatalogRelationship {
  foreignKeyName: string;
  columns: string[];
  isOneToOne: boolean;
  referencedRelation: string;
  referencedColumns: string[];
}

export interface CatalogRelation {
  schema: string;
  name: string;
  kind: 'table' | 'view' | 'composite';
  /** for a view: whether Postgres can insert into and update it */
  updatable: boolean;
  columns: CatalogColumn[];
  relationships: CatalogRelationship[];
}

export interface CatalogArgument {
  name: string;
  type: CatalogType;
  hasDefault: boolean;
}

export interface CatalogFunction {
  schema: string;
  name: string;
  args: CatalogArgument[];
  /** OUT / TABLE columns, when the function returns rows it declares itself */
  outColumns: CatalogArgument[];
  returns: CatalogType;
  returnsSet: boolean;
}

export interface CatalogEnum {
  schema: string;
  name: string;
  values: string[];
}

export interface Catalog {
  schemas: string[];
  relations: CatalogRelation[];
  functions: CatalogFunction[];
  enums: CatalogEnum[];
}

// One row per pg_type oid the generator may meet; element types are looked up the same way.
const typeColumns = `
  t.oid::int as oid, tn.nspname as schema, t.typname as name, t.typtype as kind,
  (select c.relkind from pg_class c where c.oid = t.typrelid) as relation_kind, t.typelem::int as element_oid`;

interface TypeRow {
  oid: number;
  schema: string;
  name: string;
  kind: string;
  relation_kind: string | null;
  element_oid: number;
}

const compareNames = (a: { name: string }, b: { name: string }): number => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

export async function readCatalog(db: Queryable, schemas: readonly string[]): Promise<Catalog> {
  const schemaList = [...schemas];
  const types = new Map<number, TypeRow>();
  const loadTypes = async (oids: Iterable<number>): Promise<void> => {
    const missing = [...new Set(oids)].filter((oid) => oid !== 0 && !types.has(oid));
    if (missing.length === 0) return;
    const { rows } = await db.query<TypeRow>(
      `select ${typeColumns} from pg_type t join pg_namespace tn on tn.oid = t.typnamespace where t.oid = any($1::oid[])`,
      [missing],
    );
    for (const row of rows) types.set(row.oid, row);
    await loadTypes(rows.map((row) => row.element_oid));
  };
  const typeOf = (oid: number): CatalogType => {
    const row = types.get(oid);
    if (!row) throw new Error(`type ${oid} was not loaded`);
    const element = row.element_oid !== 0 && row.name.startsWith('_') ? typeOf(row.element_oid) : null;
    return { schema: row.schema, name: row.name, kind: row.kind, relationKind: row.relation_kind, element };
  };

  const { rows: relationRows } = await db.query<{ oid: number; schema: string; name: string; relkind: string; updatable: boolean }>(
    `select c.oid::int as oid, n.nspname as schema, c.relname as name, c.relkind,
            (pg_relation_is_updatable(c.oid, false) & 12) = 12 as updatable
       from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname = any($1) and c.relkind in ('r', 'p', 'v', 'm', 'c')
        and not exists (select 1 from pg_depend d where d.objid = c.oid and d.deptype = 'e')`,
    [schemaList],
  );
  const { rows: columnRows } = await db.query<{ relid: number; name: string; type_oid: number; nullable: boolean; has_default: boolean; generated_always: boolean }>(
    `select a.attrelid::int as relid, a.attname as name, a.atttypid::int as type_oid, not a.attnotnull as nullable,
            (a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') as has_default,
            (a.attidentity = 'a' or a.attgenerated <> '') as generated_always
       from pg_attribute a
      where a.attrelid = any($1::oid[]) and a.attnum > 0 and not a.attisdropped`,
    [relationRows.map((row) => row.oid)],
  );
  const { rows: foreignKeyRows } = await db.query<{ relid: number; name: string; columns: string[]; referenced_relation: string; referenced_columns: string[]; one_to_one: boolean }>(
    `select con.conrelid::int as relid, con.conname as name,
            array(select a.attname from unnest(con.conkey) with ordinality k(attnum, i)
                    join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum order by k.i)::text[] as columns,
            rc.relname as referenced_relation,
            array(select a.attname from unnest(con.confkey) with ordinality k(attnum, i)
                    join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum order by k.i)::text[] as referenced_columns,
            exists (select 1 from pg_index i where i.indrelid = con.conrelid and i.indisunique and i.indpred is null
                      and (select array_agg(x order by x) from unnest(i.indkey::int2[]) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
       from pg_constraint con join pg_class rc on rc.oid = con.confrelid
      where con.contype = 'f' and con.conrelid = any($1::oid[])`,
    [relationRows.map((row) => row.oid)],
  );
  await loadTypes(columnRows.map((row) => row.type_oid));

  const relations = relationRows.map((row): CatalogRelation => ({
    schema: row.schema,
    name: row.name,
    kind: row.relkind === 'c' ? 'composite' : row.relkind === 'v' || row.relkind === 'm' ? 'view' : 'table',
    updatable: row.relkind === 'v' && row.updatable,
    columns: columnRows
      .filter((column) => column.relid === row.oid)
      .map((column) => ({ name: column.name, type: typeOf(column.type_oid), nullable: column.nullable, hasDefault: column.has_default, generatedAlways: column.generated_always }))
      .sort(compareNames),
    relationships: foreignKeyRows
      .filter((key) => key.relid === row.oid)
      .map((key) => ({ foreignKeyName: key.name, columns: key.columns, isOneToOne: key.one_to_one, referencedRelation: key.referenced_relation, referencedColumns: key.referenced_columns }))
      .sort((a, b) => compareNames({ name: a.foreignKeyName }, { name: b.foreignKeyName })),
  }));

  // Functions a client can call: not triggers, not an extension's, every input argument named.
  const { rows: functionRows } = await db.query<{ schema: string; name: string; arg_names: string[] | null; arg_modes: string[] | null; arg_types: number[]; defaults: number; returns: number; returns_set: boolean }>(
    `select n.nspname as schema, p.proname as name, p.proargnames::text[] as arg_names, p.proargmodes::text[] as arg_modes,
            coalesce(p.proallargtypes::int[], p.proargtypes::int[]) as arg_types, p.pronargdefaults::int as defaults,
            p.prorettype::int as returns, p.proretset as returns_set
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
      where n.nspname = any($1) and p.prokind = 'f'
        and p.prorettype not in ('trigger'::regtype, 'event_trigger'::regtype)
        and not exists (select 1 from pg_depend d where d.objid = p.oid and d.deptype = 'e')`,
    [schemaList],
  );
  await loadTypes(functionRows.flatMap((row) => [row.returns, ...row.arg_types]));
  const functions: CatalogFunction[] = [];
  for (const row of functionRows) {
    const all = row.arg_types.map((oid, i) => ({ name: row.arg_names?.[i] ?? '', type: typeOf(oid), mode: row.arg_modes?.[i] ?? 'i' }));
    const inputs = all.filter((arg) => arg.mode === 'i' || arg.mode === 'b' || arg.mode === 'v');
    if (inputs.some((arg) => arg.name === '')) continue;
    const firstDefault = inputs.length - row.defaults;
    functions.push({
      schema: row.schema,
      name: row.name,
      args: inputs.map((arg, i) => ({ name: arg.name, type: arg.type, hasDefault: i >= firstDefault })).sort(compareNames),
      outColumns: all.filter((arg) => arg.mode === 'o' || arg.mode === 'b' || arg.mode === 't').map((arg) => ({ name: arg.name, type: arg.type, hasDefault: false })).sort(compareNames),
      returns: typeOf(row.returns),
      returnsSet: row.returns_set,
    });
  }

  const { rows: enumRows } = await db.query<CatalogEnum>(
    `select n.nspname as schema, t.typname as name, array_agg(e.enumlabel::text order by e.enumsortorder) as values
       from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
      where n.nspname = any($1) group by n.nspname, t.typname`,
    [schemaList],
  );

  return {
    schemas: [...schemaList].sort(),
    relations: relations.sort(compareNames),
    functions: functions.sort(compareNames),
    enums: enumRows.sort(compareNames),
  };
}
