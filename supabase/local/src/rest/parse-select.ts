// The `select` grammar of PostgREST: columns, `alias:col`, `col::type`, JSON paths, embedded
// resources `[alias:]target[!hint][!inner|!left](...)` and to-one spreads `...target(...)`.
import { aggregateFunctions, type Aggregate, type AggregateFunction } from './aggregates.ts';
import { PgrstError } from './errors.ts';

export interface JsonPathStep {
  arrow: '->' | '->>';
  key: string | number;
}

export interface FieldRef {
  column: string;
  jsonPath: JsonPathStep[];
}

export type SelectItem =
  | { kind: 'star' }
  /** with `aggregate`, `cast` is the cast of the aggregate's input */
  | { kind: 'column'; field: FieldRef; alias?: string; cast?: string; aggregate?: Aggregate }
  /** a bare `count()` */
  | { kind: 'count'; alias?: string; cast?: string }
  | { kind: 'embed'; target: string; alias?: string; hint?: string; joinType?: 'inner' | 'left'; spread: boolean; items: SelectItem[] };

const castPattern = /^[A-Za-z_][A-Za-z0-9_]*( [A-Za-z_][A-Za-z0-9_]*)*(\[\])?$/;

/** The default JSON key of a field: the column, or the last key of its JSON path. */
export function fieldOutputName(field: FieldRef): string {
  const last = field.jsonPath.at(-1);
  return last === undefined ? field.column : String(last.key);
}

/**
 * Embedded resources may nest this deep. PostgREST sets no limit, but every level is a lateral
 * subquery, and PGlite's parser runs out of stack a little past 60 levels (native Postgres later,
 * with 54001); no real query comes close.
 */
export const maxEmbedDepth = 32;

class Cursor {
  pos = 0;
  /** embed nesting at the cursor */
  depth = 0;
  constructor(readonly text: string, readonly what: string) {}

  peek(offset = 0): string | undefined {
    return this.text[this.pos + offset];
  }

  startsWith(token: string): boolean {
    return this.text.startsWith(token, this.pos);
  }

  done(): boolean {
    return this.pos >= this.text.length;
  }

  fail(expecting: string): never {
    const found = this.peek();
    throw PgrstError.parseError(
      `"failed to parse ${this.what} (${this.text})" (line 1, column ${this.pos + 1})`,
      found === undefined ? `unexpected end of input expecting ${expecting}` : `unexpected "${found}" expecting ${expecting}`,
    );
  }

  expect(token: string): void {
    if (!this.startsWith(token)) this.fail(`"${token}"`);
    this.pos += token.length;
  }
}

const nameChar = /[\p{L}\p{N}_$ ]/u;

/** An identifier: double-quoted, or letters/digits/_/$/space with single dashes (not `->`). */
export function readName(cur: Cursor): string {
  if (cur.peek() === '"') {
    cur.pos += 1;
    let out = '';
    while (!cur.done() && cur.peek() !== '"') {
      if (cur.peek() === '\\' && cur.peek(1) !== undefined) cur.pos += 1;
      out += cur.peek();
      cur.pos += 1;
    }
    cur.expect('"');
    if (out === '') cur.fail('a name');
    return out;
  }
  const start = cur.pos;
  while (!cur.done()) {
    const ch = cur.peek() as string;
    if (nameChar.test(ch)) cur.pos += 1;
    else if (ch === '-' && cur.peek(1) !== '>' && cur.pos > start) cur.pos += 1;
    else break;
  }
  const name = cur.text.slice(start, cur.pos).trim();
  if (name === '') cur.fail('a column or resource name');
  return name;
}

function readJsonPath(cur: Cursor): JsonPathStep[] {
  const path: JsonPathStep[] = [];
  while (cur.startsWith('->')) {
    const arrow = cur.startsWith('->>') ? '->>' : '->';
    cur.pos += arrow.length;
    const numeric = /^-?\d+/.exec(cur.text.slice(cur.pos));
    if (numeric && cur.peek() !== '"') {
      cur.pos += numeric[0].length;
      path.push({ arrow, key: Number(numeric[0]) });
    } else {
      path.push({ arrow, key: readName(cur) });
    }
  }
  return path;
}

export function readField(cur: Cursor): FieldRef {
  const column = readName(cur);
  return { column, jsonPath: readJsonPath(cur) };
}

function readCast(cur: Cursor): string | undefined {
  if (!cur.startsWith('::')) return undefined;
  cur.pos += 2;
  const match = /^[A-Za-z_][A-Za-z0-9_ ]*(\[\])?/.exec(cur.text.slice(cur.pos));
  const cast = match?.[0].trim();
  if (!match || !cast || !castPattern.test(cast)) cur.fail('a type name');
  cur.pos += match[0].length;
  return cast;
}

function readItems(cur: Cursor, closing: string | undefined): SelectItem[] {
  const items: SelectItem[] = [];
  if (closing !== undefined && cur.peek() === closing) return items;
  for (;;) {
    items.push(readItem(cur));
    if (cur.peek() === ',') {
      cur.pos += 1;
      continue;
    }
    if (closing === undefined ? cur.done() : cur.peek() === closing) return items;
    cur.fail(closing === undefined ? '"," or end of input' : `"," or "${closing}"`);
  }
}

function readEmbedTail(cur: Cursor, target: string, alias: string | undefined, spread: boolean): SelectItem {
  let hint: string | undefined;
  let joinType: 'inner' | 'left' | undefined;
  while (cur.peek() === '!') {
    cur.pos += 1;
    const word = readName(cur);
    if (word === 'inner' || word === 'left') joinType = word;
    else if (hint === undefined) hint = word;
    else cur.fail('"inner" or "left"');
  }
  cur.expect('(');
  if (cur.depth >= maxEmbedDepth) {
    throw PgrstError.parseError(`"failed to parse ${cur.what} (${cur.text})" (line 1, column ${cur.pos})`, `embedded resources nest more than ${maxEmbedDepth} levels deep`);
  }
  cur.depth += 1;
  const items = readItems(cur, ')');
  cur.depth -= 1;
  cur.expect(')');
  return { kind: 'embed', target, spread, items, ...(alias !== undefined && { alias }), ...(hint !== undefined && { hint }), ...(joinType !== undefined && { joinType }) };
}

const aggregatePattern = new RegExp(`^\\.(${aggregateFunctions.join('|')})\\(\\)`);

/** `.sum()` and the like after a column. */
function readAggregate(cur: Cursor): AggregateFunction | undefined {
  if (cur.peek() !== '.') return undefined;
  const match = aggregatePattern.exec(cur.text.slice(cur.pos));
  if (!match) return undefined;
  cur.pos += match[0].length;
  return match[1] as AggregateFunction;
}

function readItem(cur: Cursor): SelectItem {
  if (cur.peek() === '*') {
    cur.pos += 1;
    return { kind: 'star' };
  }
  if (cur.startsWith('...')) {
    cur.pos += 3;
    return readEmbedTail(cur, readName(cur), undefined, true);
  }
  let alias: string | undefined;
  let field = readField(cur);
  if (cur.peek() === ':' && cur.peek(1) !== ':' && field.jsonPath.length === 0) {
    cur.pos += 1;
    alias = field.column;
    if (cur.startsWith('...')) cur.fail('a column or resource name');
    field = readField(cur);
  }
  if (field.jsonPath.length === 0 && (cur.peek() === '(' || cur.peek() === '!')) {
    if (field.column === 'count' && cur.startsWith('()')) {
      cur.pos += 2;
      const countCast = readCast(cur);
      return { kind: 'count', ...(alias !== undefined && { alias }), ...(countCast !== undefined && { cast: countCast }) };
    }
    return readEmbedTail(cur, field.column, alias, false);
  }
  const cast = readCast(cur);
  const fn = readAggregate(cur);
  let aggregate: Aggregate | undefined;
  if (fn) {
    const resultCast = readCast(cur);
    aggregate = { fn, ...(resultCast !== undefined && { cast: resultCast }) };
  }
  return { kind: 'column', field, ...(alias !== undefined && { alias }), ...(cast !== undefined && { cast }), ...(aggregate && { aggregate }) };
}

export function parseSelect(select: string): SelectItem[] {
  // The client strips whitespace outside quotes; do the same for hand-written URLs.
  const cur = new Cursor(select, 'select parameter');
  if (select.trim() === '') return [];
  return readItems(cur, undefined);
}

export { Cursor };
