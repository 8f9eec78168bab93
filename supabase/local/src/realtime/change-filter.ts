// postgres_changes `filter` strings: `column=op.value` with op eq, neq, lt, lte, gt, gte, in (the
// long-standing documented set; `in.(a,b,"c")` takes up to 100 values). Values are compared with the
// column's type: numbers numerically, booleans as booleans, times as instants, anything else as text.

export type FilterOperator = 'eq' | 'neq' | 'lt' | 'lte' | 'gt' | 'gte' | 'in';

export interface ChangeFilter {
  column: string;
  op: FilterOperator;
  values: string[];
}

export class FilterParseError extends Error {}

const operators: readonly FilterOperator[] = ['eq', 'neq', 'lt', 'lte', 'gt', 'gte', 'in'];

function parseInList(text: string): string[] {
  if (!text.startsWith('(') || !text.endsWith(')')) throw new FilterParseError(`in filter values must be in parentheses: ${text}`);
  const body = text.slice(1, -1);
  const values: string[] = [];
  let current = '';
  let quoted = false;
  let wasQuoted = false;
  for (let i = 0; i < body.length; i++) {
    const ch = body[i]!;
    if (quoted) {
      if (ch === '\\' && i + 1 < body.length) current += body[++i];
      else if (ch === '"') quoted = false;
      else current += ch;
    } else if (ch === '"') {
      quoted = true;
      wasQuoted = true;
    } else if (ch === ',') {
      values.push(wasQuoted ? current : current.trim());
      current = '';
      wasQuoted = false;
    } else {
      current += ch;
    }
  }
  if (quoted) throw new FilterParseError('unterminated quote in in filter');
  if (body.length > 0) values.push(wasQuoted ? current : current.trim());
  if (values.length > 100) throw new FilterParseError('in filter accepts at most 100 values');
  return values;
}

export function parseChangeFilter(filter: string): ChangeFilter {
  const match = /^([^=]+)=([a-z]+)\.([\s\S]*)$/.exec(filter);
  if (!match) throw new FilterParseError(`Error parsing \`filter\` params: ${filter}`);
  const [, column, op, rawValue] = match as unknown as [string, string, string, string];
  if (!(operators as readonly string[]).includes(op)) throw new FilterParseError(`Error parsing \`filter\` params: unsupported operator ${op}`);
  const value = rawValue.length >= 2 && rawValue.startsWith('"') && rawValue.endsWith('"') ? rawValue.slice(1, -1) : rawValue;
  return { column: column.trim(), op: op as FilterOperator, values: op === 'in' ? parseInList(rawValue) : [value] };
}

const numericTypes = new Set(['int2', 'int4', 'int8', 'float4', 'float8', 'numeric', 'oid', 'money']);
const timeTypes = new Set(['timestamp', 'timestamptz', 'date']);

type Comparable = number | string | boolean;

function coerce(value: unknown, columnType: string): Comparable | null {
  if (value === null || value === undefined) return null;
  if (numericTypes.has(columnType)) {
    const n = typeof value === 'number' ? value : Number(value);
    return Number.isNaN(n) ? null : n;
  }
  if (columnType === 'bool') {
    if (typeof value === 'boolean') return value;
    const text = String(value).toLowerCase();
    if (['t', 'true', 'y', 'yes', 'on', '1'].includes(text)) return true;
    if (['f', 'false', 'n', 'no', 'off', '0'].includes(text)) return false;
    return null;
  }
  if (timeTypes.has(columnType)) {
    const text = String(value);
    // A bare timestamp means UTC, as the row's JSON rendering of `timestamp` has no zone either.
    const instant = Date.parse(/[zZ]|[+-]\d\d(:?\d\d)?$/.test(text) || columnType === 'date' ? text : `${text.replace(' ', 'T')}Z`);
    return Number.isNaN(instant) ? null : instant;
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

function compare(a: Comparable, b: Comparable): number {
  if (typeof a === 'number' && typeof b === 'number') return a - b;
  if (typeof a === 'boolean' && typeof b === 'boolean') return Number(a) - Number(b);
  const x = String(a);
  const y = String(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Whether `record` passes the filter; a missing or null column never matches. */
export function matchesFilter(filter: ChangeFilter, record: Record<string, unknown> | null, columnType: string): boolean {
  if (!record) return false;
  const actual = coerce(record[filter.column], columnType);
  if (actual === null) return false;
  const expected = filter.values.map((v) => coerce(v, columnType));
  const first = expected[0];
  switch (filter.op) {
    case 'in':
      return expected.some((e) => e !== null && compare(actual, e) === 0);
    case 'eq':
      return first !== null && first !== undefined && compare(actual, first) === 0;
    case 'neq':
      return first !== null && first !== undefined && compare(actual, first) !== 0;
    case 'lt':
      return first !== null && first !== undefined && compare(actual, first) < 0;
    case 'lte':
      return first !== null && first !== undefined && compare(actual, first) <= 0;
    case 'gt':
      return first !== null && first !== undefined && compare(actual, first) > 0;
    case 'gte':
      return first !== null && first !== undefined && compare(actual, first) >= 0;
  }
}
