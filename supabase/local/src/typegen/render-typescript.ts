// Renders a Catalog as the TypeScript file `supabase gen types typescript` writes (postgres-meta's
// typegen): the Database type, then the Tables / TablesInsert / TablesUpdate / Enums / CompositeTypes
// helpers and the Constants object, in its layout (long lines are not wrapped as prettier would).
import type { Catalog, CatalogArgument, CatalogColumn, CatalogRelation, CatalogType } from './read-catalog.ts';

const numberTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid']);
const stringTypes = new Set([
  'bpchar', 'varchar', 'text', 'citext', 'uuid', 'date', 'time', 'timetz', 'timestamp', 'timestamptz',
  'interval', 'bytea', 'inet', 'cidr', 'macaddr', 'name', 'char', 'tsvector', 'tsquery', 'regclass', 'vector',
  'daterange', 'tstzrange', 'tsrange', 'int4range', 'int8range', 'numrange',
]);

const identifier = /^[A-Za-z_$][\w$]*$/;
const key = (name: string): string => (identifier.test(name) ? name : JSON.stringify(name));
const quote = (value: string): string => JSON.stringify(value);

function tsType(catalog: Catalog, type: CatalogType, relationRows: (relation: CatalogRelation) => string): string {
  if (type.element) return `${tsType(catalog, { ...type.element, element: null }, relationRows)}[]`;
  if (type.name === 'bool') return 'boolean';
  if (numberTypes.has(type.name)) return 'number';
  if (stringTypes.has(type.name)) return 'string';
  if (type.name === 'json' || type.name === 'jsonb') return 'Json';
  if (type.name === 'void') return 'undefined';
  if (type.name === 'record') return 'Record<string, unknown>';
  const inSchemas = catalog.schemas.includes(type.schema);
  if (type.kind === 'e' && inSchemas) return `Database[${quote(type.schema)}]["Enums"][${quote(type.name)}]`;
  if (type.kind === 'c' && inSchemas) {
    if (type.relationKind === 'c') return `Database[${quote(type.schema)}]["CompositeTypes"][${quote(type.name)}]`;
    const relation = catalog.relations.find((candidate) => candidate.schema === type.schema && candidate.name === type.name);
    if (relation) return relationRows(relation);
  }
  return 'unknown';
}

class Writer {
  private readonly lines: string[] = [];
  line(depth: number, text: string): void {
    this.lines.push(`${'  '.repeat(depth)}${text}`);
  }
  block(depth: number, open: string, entries: readonly unknown[] | null, write: () => void): void {
    if (entries !== null && entries.length === 0) {
      this.line(depth, `${open} {`);
      this.line(depth + 1, '[_ in never]: never');
      this.line(depth, '}');
      return;
    }
    this.line(depth, `${open} {`);
    write();
    this.line(depth, '}');
  }
  toString(): string {
    return `${this.lines.join('\n')}\n`;
  }
}

export function renderTypescript(catalog: Catalog): string {
  const out = new Writer();
  // A row type inlined where a function returns a table's rows, as postgres-meta does.
  const relationRows = (relation: CatalogRelation): string =>
    `{ ${relation.columns.map((column) => `${key(column.name)}: ${columnType(column)}`).join('; ')} }`;
  const typeOf = (type: CatalogType): string => tsType(catalog, type, relationRows);
  const columnType = (column: CatalogColumn): string => `${typeOf(column.type)}${column.nullable ? ' | null' : ''}`;

  const writeColumns = (depth: number, title: string, columns: readonly CatalogColumn[], mode: 'row' | 'insert' | 'update'): void => {
    out.block(depth, `${title}:`, null, () => {
      for (const column of columns) {
        if (mode !== 'row' && column.generatedAlways) out.line(depth + 1, `${key(column.name)}?: never`);
        else {
          const optional = mode === 'update' || (mode === 'insert' && (column.nullable || column.hasDefault));
          out.line(depth + 1, `${key(column.name)}${optional ? '?' : ''}: ${columnType(column)}`);
        }
      }
    });
  };
  const writeRelation = (depth: number, relation: CatalogRelation): void => {
    out.block(depth, `${key(relation.name)}:`, null, () => {
      writeColumns(depth + 1, 'Row', relation.columns, 'row');
      if (relation.kind === 'table' || relation.updatable) {
        writeColumns(depth + 1, 'Insert', relation.columns, 'insert');
        writeColumns(depth + 1, 'Update', relation.columns, 'update');
      }
      if (relation.relationships.length === 0) out.line(depth + 1, 'Relationships: []');
      else {
        out.line(depth + 1, 'Relationships: [');
        for (const relationship of relation.relationships) {
          out.line(depth + 2, '{');
          out.line(depth + 3, `foreignKeyName: ${quote(relationship.foreignKeyName)}`);
          out.line(depth + 3, `columns: [${relationship.columns.map(quote).join(', ')}]`);
          out.line(depth + 3, `isOneToOne: ${relationship.isOneToOne}`);
          out.line(depth + 3, `referencedRelation: ${quote(relationship.referencedRelation)}`);
          out.line(depth + 3, `referencedColumns: [${relationship.referencedColumns.map(quote).join(', ')}]`);
          out.line(depth + 2, '},');
        }
        out.line(depth + 1, ']');
      }
    });
  };
  const argsObject = (args: readonly CatalogArgument[]): string =>
    `{ ${args.map((arg) => `${key(arg.name)}${arg.hasDefault ? '?' : ''}: ${typeOf(arg.type)}`).join('; ')} }`;

  out.line(0, 'export type Json =');
  for (const member of ['string', 'number', 'boolean', 'null', '{ [key: string]: Json | undefined }', 'Json[]']) out.line(1, `| ${member}`);
  out.line(0, '');
  out.block(0, 'export type Database =', null, () => {
    for (const schema of catalog.schemas) {
      const inSchema = <T extends { schema: string }>(items: readonly T[]): T[] => items.filter((item) => item.schema === schema);
      const relations = inSchema(catalog.relations);
      const tables = relations.filter((relation) => relation.kind === 'table');
      const views = relations.filter((relation) => relation.kind === 'view');
      const composites = relations.filter((relation) => relation.kind === 'composite');
      const functions = inSchema(catalog.functions);
      const enums = inSchema(catalog.enums);
      out.block(1, `${key(schema)}:`, null, () => {
        out.block(2, 'Tables:', tables, () => tables.forEach((table) => writeRelation(3, table)));
        out.block(2, 'Views:', views, () => views.forEach((view) => writeRelation(3, view)));
        const functionNames = [...new Set(functions.map((fn) => fn.name))];
        out.block(2, 'Functions:', functionNames, () => {
          for (const name of functionNames) {
            // Overloads become a union of their signatures.
            const signatures = functions.filter((fn) => fn.name === name).map((fn) => {
              const row = fn.outColumns.length > 0 ? argsObject(fn.outColumns) : typeOf(fn.returns);
              return { args: fn.args.length === 0 ? 'never' : argsObject(fn.args), returns: `${row}${fn.returnsSet && !row.endsWith('[]') ? '[]' : ''}` };
            });
            const [only] = signatures;
            if (signatures.length === 1 && only) {
              out.block(3, `${key(name)}:`, null, () => {
                out.line(4, `Args: ${only.args}`);
                out.line(4, `Returns: ${only.returns}`);
              });
            } else {
              out.line(3, `${key(name)}:`);
              for (const signature of signatures) out.line(4, `| { Args: ${signature.args}; Returns: ${signature.returns} }`);
            }
          }
        });
        out.block(2, 'Enums:', enums, () => enums.forEach((item) => out.line(3, `${key(item.name)}: ${item.values.map(quote).join(' | ')}`)));
        out.block(2, 'CompositeTypes:', composites, () => {
          for (const composite of composites) {
            out.block(3, `${key(composite.name)}:`, null, () => composite.columns.forEach((field) => out.line(4, `${key(field.name)}: ${typeOf(field.type)} | null`)));
          }
        });
      });
    }
  });
  out.line(0, '');
  out.line(0, helperTypes);
  out.line(0, 'export const Constants = {');
  for (const schema of catalog.schemas) {
    const enums = catalog.enums.filter((item) => item.schema === schema);
    out.line(1, `${key(schema)}: {`);
    if (enums.length === 0) out.line(2, 'Enums: {},');
    else {
      out.line(2, 'Enums: {');
      for (const item of enums) out.line(3, `${key(item.name)}: [${item.values.map(quote).join(', ')}],`);
      out.line(2, '},');
    }
    out.line(1, '},');
  }
  out.line(0, '} as const');
  return out.toString();
}

/**
 * One of the helpers the real generator appends (Tables, TablesInsert, TablesUpdate, Enums, CompositeTypes):
 * each looks an entry up by name in the default schema or in `{ schema }`, in one Database member or two.
 */
interface SchemaLookup {
  name: string;
  /** the first type parameter: a name in the default schema, or `{ schema }` */
  options: string;
  /** the second type parameter: the name within the given schema */
  key: string;
  members: readonly string[];
  /** what the lookup yields of the entry found ("Row" as R for Tables); none: the entry itself */
  infer?: { member: string; letter: string };
}

function renderLookup({ name, options, key, members, infer }: SchemaLookup): string {
  const inDefault = members.length === 1 ? `DefaultSchema["${members[0]}"]` : `(${members.map((member) => `DefaultSchema["${member}"]`).join(' & ')})`;
  // Two members break after the `&`, indented as the real generator's prettier leaves them.
  const inSchema = (indent: string): string => {
    const each = members.map((member) => `DatabaseWithoutInternals[${options}["schema"]]["${member}"]`);
    return each.length === 1 ? each[0]! : `(${each.join(` &\n${indent}`)})`;
  };
  const yielded = infer
    ? `  ? ${inSchema('      ')}[${key}] extends {
      ${infer.member}: infer ${infer.letter}
    }
    ? ${infer.letter}
    : never
  : ${options} extends keyof ${inDefault}
    ? ${inDefault}[${options}] extends {
        ${infer.member}: infer ${infer.letter}
      }
      ? ${infer.letter}
      : never
    : never
`
    : `  ? ${inSchema('')}[${key}]
  : ${options} extends keyof ${inDefault}
    ? ${inDefault}[${options}]
    : never
`;
  return `export type ${name}<
  ${options} extends
    | keyof ${inDefault}
    | { schema: keyof DatabaseWithoutInternals },
  ${key} extends ${options} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof ${inSchema('        ')}
    : never = never,
> = ${options} extends {
  schema: keyof DatabaseWithoutInternals
}
${yielded}`;
}

const tableOptions = 'DefaultSchemaTableNameOrOptions';
const lookups: readonly SchemaLookup[] = [
  { name: 'Tables', options: tableOptions, key: 'TableName', members: ['Tables', 'Views'], infer: { member: 'Row', letter: 'R' } },
  { name: 'TablesInsert', options: tableOptions, key: 'TableName', members: ['Tables'], infer: { member: 'Insert', letter: 'I' } },
  { name: 'TablesUpdate', options: tableOptions, key: 'TableName', members: ['Tables'], infer: { member: 'Update', letter: 'U' } },
  { name: 'Enums', options: 'DefaultSchemaEnumNameOrOptions', key: 'EnumName', members: ['Enums'] },
  { name: 'CompositeTypes', options: 'PublicCompositeTypeNameOrOptions', key: 'CompositeTypeName', members: ['CompositeTypes'] },
];

/** The helpers the real generator appends, byte for byte: they only index into Database. */
const helperTypes = `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "public">]

${lookups.map(renderLookup).join('\n')}`;
