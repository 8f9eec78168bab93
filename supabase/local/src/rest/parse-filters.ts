// Horizontal filters (`col=op.value`, `not.`, modifiers), logic trees (`or=(…)`, `and=(…)`, nested),
// `order`, `limit`/`offset`, and the split of query parameters by embed path.
import { Cursor, readField, type FieldRef } from './parse-select.ts';
import { PgrstError } from './errors.ts';

export const operators = [
  'eq', 'neq', 'gt', 'gte', 'lt', 'lte', 'like', 'ilike', 'match', 'imatch', 'in', 'is', 'isdistinct',
  'fts', 'plfts', 'phfts', 'wfts', 'cs', 'cd', 'ov', 'sl', 'sr', 'nxl', 'nxr', 'adj',
] as const;
export type Operator = (typeof operators)[number];

const modifiable = new Set<Operator>(['eq', 'like', 'ilike', 'gt', 'gte', 'lt', 'lte', 'match', 'imatch']);
const ftsOperators = new Set<Operator>(['fts', 'plfts', 'phfts', 'wfts']);

export interface FilterCondition {
  kind: 'filter';
  field: FieldRef;
  negate: boolean;
  op: Operator;
  modifier?: 'any' | 'all';
  language?: string;
  /** raw value; for `in` the parsed list */
  value: string;
  list?: string[];
}

export interface LogicCondition {
  kind: 'logic';
  op: 'and' | 'or';
  negate: boolean;
  children: Condition[];
}

export type Condition = FilterCondition | LogicCondition;

export interface OrderTerm {
  /** set for `rel(col)`: order the parent by a column of a to-one embed */
  relation?: string;
  field: FieldRef;
  direction?: 'asc' | 'desc';
  nulls?: 'first' | 'last';
}

function filterParseError(text: string): never {
  throw PgrstError.parseError(`"failed to parse filter (${text})" (line 1, column 1)`, null);
}

/** Splits on commas outside double quotes and parentheses/braces. */
export function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let current = '';
  for (let i = 0; i < text.length; i += 1) {
    const ch = text[i] as string;
    if (quoted) {
      current += ch;
      if (ch === '\\' && i + 1 < text.length) {
        current += text[i + 1];
        i += 1;
      } else if (ch === '"') quoted = false;
      continue;
    }
    if (ch === '"') quoted = true;
    else if (ch === '(' || ch === '{' || ch === '[') depth += 1;
    else if (ch === ')' || ch === '}' || ch === ']') depth -= 1;
    if (ch === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  if (quoted || depth !== 0) throw PgrstError.parseError(`"failed to parse logic tree or list (${text})" (line 1, column ${text.length})`, 'unbalanced quotes or parentheses');
  parts.push(current);
  return parts;
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

/** `(a,b,"c,d")` → ['a','b','c,d'] */
export function parseList(raw: string, context: string): string[] {
  if (!raw.startsWith('(') || !raw.endsWith(')')) filterParseError(context);
  const inner = raw.slice(1, -1);
  if (inner === '') return [];
  return splitTopLevel(inner).map((item) => unquote(item));
}

/** Parses `[not.]op[(modifier)].value` for a field. `quotedValues` is true inside logic trees. */
export function parseOperation(field: FieldRef, expression: string, quotedValues: boolean, context: string): FilterCondition {
  let rest = expression;
  let negate = false;
  if (rest.startsWith('not.')) {
    negate = true;
    rest = rest.slice(4);
  }
  const match = /^([a-z]+)(?:\(([a-z_0-9]+)\))?\.([\s\S]*)$/.exec(rest);
  if (!match) filterParseError(context);
  const [, opText, modifierText, valueText = ''] = match;
  if (!(operators as readonly string[]).includes(opText as string)) filterParseError(context);
  const op = opText as Operator;
  const condition: FilterCondition = { kind: 'filter', field, negate, op, value: quotedValues ? unquote(valueText) : valueText };
  if (modifierText !== undefined) {
    if (ftsOperators.has(op)) condition.language = modifierText;
    else if ((modifierText === 'any' || modifierText === 'all') && modifiable.has(op)) condition.modifier = modifierText;
    else filterParseError(context);
  }
  if (op === 'in') condition.list = parseList(valueText, context);
  if (op === 'is' && !['null', 'not_null', 'true', 'false', 'unknown'].includes(condition.value.toLowerCase())) filterParseError(context);
  return condition;
}

/**
 * `and`/`or` trees may nest this deep. PostgREST sets no limit; PGlite's parser runs out of stack
 * on a few hundred nested `not.and(…)` and no real filter comes close.
 */
export const maxLogicDepth = 64;

/** `(a.eq.1,and(b.gt.2,c.is.null))` */
export function parseLogicTree(op: 'and' | 'or', negate: boolean, raw: string, depth = 1): LogicCondition {
  if (!raw.startsWith('(') || !raw.endsWith(')')) {
    throw PgrstError.parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, 'expecting "("');
  }
  if (depth > maxLogicDepth) throw PgrstError.parseError(`"failed to parse logic tree (${raw})" (line 1, column 1)`, `logic trees nest more than ${maxLogicDepth} levels deep`);
  const inner = raw.slice(1, -1);
  if (inner.trim() === '') throw PgrstError.parseError(`"failed to parse logic tree (${raw})" (line 1, column 2)`, 'expecting a condition');
  const children = splitTopLevel(inner).map((part) => parseTreeItem(part.trim(), raw, depth));
  return { kind: 'logic', op, negate, children };
}

function parseTreeItem(text: string, context: string, depth: number): Condition {
  const logic = /^(not\.)?(and|or)(\([\s\S]*\))$/.exec(text);
  if (logic?.[2] && logic[3]) return parseLogicTree(logic[2] as 'and' | 'or', logic[1] !== undefined, logic[3], depth + 1);
  const cur = new Cursor(text, 'logic tree');
  let field: FieldRef;
  try {
    field = readField(cur);
  } catch {
    throw PgrstError.parseError(`"failed to parse logic tree (${context})" (line 1, column 1)`, `unexpected "${text}"`);
  }
  if (cur.peek() !== '.') throw PgrstError.parseError(`"failed to parse logic tree (${context})" (line 1, column ${cur.pos + 1})`, `unexpected "${text}" expecting "."`);
  return parseOperation(field, text.slice(cur.pos + 1), true, context);
}

export function parseFieldText(text: string, what: string): FieldRef {
  const cur = new Cursor(text, what);
  const field = readField(cur);
  if (!cur.done()) cur.fail('end of column name');
  return field;
}

export function parseOrder(raw: string): OrderTerm[] {
  if (raw.trim() === '') return [];
  return splitTopLevel(raw).map((part) => {
    const cur = new Cursor(part, 'order parameter');
    const first = readField(cur);
    const term: OrderTerm = { field: first };
    if (cur.peek() === '(' && first.jsonPath.length === 0) {
      cur.pos += 1;
      term.relation = first.column;
      term.field = readField(cur);
      cur.expect(')');
    }
    while (cur.peek() === '.') {
      cur.pos += 1;
      const word = /^[a-z]+/.exec(cur.text.slice(cur.pos))?.[0] ?? '';
      cur.pos += word.length;
      if (word === 'asc' || word === 'desc') term.direction = word;
      else if (word === 'nullsfirst') term.nulls = 'first';
      else if (word === 'nullslast') term.nulls = 'last';
      else {
        cur.pos -= word.length;
        cur.fail('"asc", "desc", "nullsfirst" or "nullslast"');
      }
    }
    if (!cur.done()) cur.fail('"." or ","');
    return term;
  });
}

export function parseNonNegativeInt(raw: string, name: string): number {
  if (!/^\d+$/.test(raw)) throw PgrstError.parseError(`"failed to parse ${name} parameter (${raw})" (line 1, column 1)`, 'expecting a non-negative integer');
  return Number(raw);
}

/** Everything the query string says about one level of the response (top or an embed path). */
export interface LevelParams {
  /** includes `rel=is.null` / `rel=not.is.null`, which the planner turns into embed presence checks */
  conditions: Condition[];
  order?: OrderTerm[];
  limit?: number;
  offset?: number;
}

export interface QueryParams {
  select?: string;
  columns?: string[];
  onConflict?: string[];
  /** keyed by embed path joined with '.', '' = top level */
  levels: Map<string, LevelParams>;
  /** parameters left for RPC arguments (GET/HEAD RPC) */
  unclaimed: Map<string, string>;
}

export function levelOf(levels: Map<string, LevelParams>, path: string): LevelParams {
  let level = levels.get(path);
  if (!level) {
    level = { conditions: [] };
    levels.set(path, level);
  }
  return level;
}

export function parseColumnList(raw: string, what: string): string[] {
  return splitTopLevel(raw).map((part) => {
    const name = unquote(part.trim());
    if (name === '') throw PgrstError.parseError(`"failed to parse ${what} parameter (${raw})" (line 1, column 1)`, 'expecting a column name');
    return name;
  });
}

/**
 * Sorts the query string into select/order/limit/filters per embed path. `isRpcArg` claims
 * parameters that are arguments of a GET RPC instead of filters.
 */
export function parseQueryParams(search: URLSearchParams, isRpcArg: (name: string, value: string) => boolean = () => false): QueryParams {
  const levels = new Map<string, LevelParams>();
  const result: QueryParams = { levels, unclaimed: new Map() };
  levelOf(levels, '');
  for (const [key, value] of search) {
    if (key === 'select') result.select = value;
    else if (key === 'columns') result.columns = parseColumnList(value, 'columns');
    else if (key === 'on_conflict') result.onConflict = parseColumnList(value, 'on_conflict');
    else if (key === 'apikey') continue;
    else if (isRpcArg(key, value)) result.unclaimed.set(key, value);
    else addLevelParam(levels, key, value);
  }
  return result;
}

function addLevelParam(levels: Map<string, LevelParams>, key: string, value: string): void {
  const segments = splitKey(key);
  const last = segments.at(-1) as string;
  const beforeLast = segments.at(-2);
  if ((last === 'or' || last === 'and') && segments.length >= 1) {
    const negate = beforeLast === 'not';
    const path = segments.slice(0, negate ? -2 : -1).join('.');
    levelOf(levels, path).conditions.push(parseLogicTree(last, negate, value));
    return;
  }
  if (last === 'order' || last === 'limit' || last === 'offset') {
    const level = levelOf(levels, segments.slice(0, -1).join('.'));
    if (last === 'order') level.order = parseOrder(value);
    else if (last === 'limit') {
      // PostgREST reads a negative limit as a range it cannot satisfy.
      if (/^-\d+$/.test(value)) throw PgrstError.invalidRange('Limit should be greater than or equal to zero.');
      level.limit = parseNonNegativeInt(value, 'limit');
    }
    else level.offset = parseNonNegativeInt(value, 'offset');
    return;
  }
  const path = segments.slice(0, -1).join('.');
  const field = parseFieldText(last, 'filter');
  levelOf(levels, path).conditions.push(parseOperation(field, value, false, value));
}

/** `rel.sub.col->a` → ['rel','sub','col->a'] (dots inside quotes do not split). */
function splitKey(key: string): string[] {
  const parts: string[] = [];
  let current = '';
  let quoted = false;
  for (const ch of key) {
    if (ch === '"') quoted = !quoted;
    if (ch === '.' && !quoted) {
      parts.push(current);
      current = '';
    } else current += ch;
  }
  parts.push(current);
  if (parts.some((p) => p === '')) throw PgrstError.parseError(`"failed to parse filter (${key})" (line 1, column 1)`, 'empty path segment');
  return parts;
}
