// Which function an RPC request calls, as PostgREST's findProc decides: overloads whose named
// parameters match the argument keys (required ones present, the rest among the defaulted ones),
// else a single unnamed parameter fed the whole body by its Content-Type; PGRST202/PGRST203 otherwise.
import { PgrstError } from './errors.ts';
import { closestMatch } from './fuzzy-hint.ts';
import type { FunctionInfo, SchemaCache } from './schema-cache.ts';

/** How the request body reached us: JSON (or form) arguments, or a raw body for one unnamed parameter. */
export type BodyKind = 'json' | 'text' | 'xml' | 'binary' | 'none';

const unnamedTypes: Record<Exclude<BodyKind, 'none'>, string[]> = { json: ['json', 'jsonb'], text: ['text'], xml: ['xml'], binary: ['bytea'] };
const unnamedLabel: Partial<Record<BodyKind, string>> = { text: 'text', xml: 'xml', binary: 'bytea' };

function matchesKeys(fn: FunctionInfo, keys: Set<string>, isPost: boolean, body: BodyKind): boolean {
  if (fn.args.length === 0) return keys.size === 0 && !(isPost && (body === 'text' || body === 'xml' || body === 'binary'));
  const required = fn.args.filter((a) => !a.hasDefault).map((a) => a.name);
  const optional = new Set(fn.args.filter((a) => a.hasDefault).map((a) => a.name));
  const rest = [...keys].filter((k) => !optional.has(k));
  return rest.length === required.length && required.every((name) => keys.has(name));
}

function takesWholeBody(fn: FunctionInfo, isPost: boolean, body: BodyKind): boolean {
  const only = fn.args.length === 1 ? fn.args[0] : undefined;
  if (!isPost || !only || only.name !== '' || body === 'none') return false;
  return unnamedTypes[body].includes(only.type);
}

function signature(fn: FunctionInfo): string {
  return `${fn.schema}.${fn.name}(${fn.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;
}

/**
 * PGRST203 lists the candidates in the order of PostgREST's catalog query, which has no ORDER BY (hash
 * order). Fewest parameters first, then by signature, is a stable order that matches the messages of
 * PostgREST's and postgrest-js's test suites.
 */
function candidateOrder(a: FunctionInfo, b: FunctionInfo): number {
  const byCount = a.args.length - b.args.length;
  if (byCount !== 0) return byCount;
  const [sa, sb] = [signature(a), signature(b)];
  return sa < sb ? -1 : sa > sb ? 1 : 0;
}

function notFound(cache: SchemaCache, name: string, keys: string[], isPost: boolean, body: BodyKind, overloads: FunctionInfo[]): PgrstError {
  const fn = `${cache.schema}.${name}`;
  const sorted = [...keys].sort();
  const rawBody = isPost ? unnamedLabel[body] : undefined;
  const params = sorted.length === 0 ? ' without parameters' : `(${sorted.join(', ')})`;
  const message = `Could not find the function ${fn}${rawBody ? '' : params} in the schema cache`;
  const withParams = sorted.length === 0 ? ' without parameters' : ` with parameter${sorted.length > 1 ? 's' : ''} ${sorted.join(', ')}`;
  const searched = rawBody ? ` with a single unnamed ${rawBody} parameter` : isPost && body === 'json' ? `${withParams} or with a single unnamed json/jsonb parameter` : withParams;
  let hint: string | null = null;
  if (!rawBody) {
    const asText = (names: string[]): string => `(${[...names].sort().join(', ')})`;
    const suggestion = overloads.length === 0
      ? closestMatch(name, cache.routineNames(), 0.75)
      : ((match) => (match === undefined ? undefined : `${name}${match}`))(closestMatch(asText(keys), overloads.map((o) => asText(o.args.map((a) => a.name))), 0.33));
    if (suggestion !== undefined) hint = `Perhaps you meant to call the function ${cache.schema}.${suggestion}`;
  }
  return PgrstError.functionNotFound(message, `${fn}${searched}`, hint);
}

export interface FunctionChoice {
  fn: FunctionInfo;
  /**
   * the body goes whole to the single unnamed parameter: PostgREST calls such a function positionally
   * with the body, also when it matched by the key "" (`{"": value}`)
   */
  wholeBody: boolean;
}

function choice(fn: FunctionInfo): FunctionChoice {
  return { fn, wholeBody: fn.args.length === 1 && fn.args[0]?.name === '' };
}

export function findFunction(cache: SchemaCache, name: string, keys: string[], isPost: boolean, body: BodyKind): FunctionChoice {
  const overloads = cache.routines(name);
  const keySet = new Set(keys);
  const named = overloads.filter((fn) => matchesKeys(fn, keySet, isPost, body));
  const fallback = overloads.filter((fn) => !named.includes(fn) && takesWholeBody(fn, isPost, body));
  const ambiguous = (fns: FunctionInfo[]): PgrstError => PgrstError.ambiguousFunction([...fns].sort(candidateOrder).map(signature));
  if (named.length === 1) return choice(named[0] as FunctionInfo);
  if (named.length > 1) throw ambiguous(named);
  if (fallback.length === 1) return choice(fallback[0] as FunctionInfo);
  if (fallback.length > 1) throw ambiguous(fallback);
  throw notFound(cache, name, keys, isPost, body, overloads);
}
