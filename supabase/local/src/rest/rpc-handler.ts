// /rest/v1/rpc/<fn>: call a function with GET (arguments in the query) or POST (a JSON or form body of
// named arguments, or a raw body for one unnamed parameter). Scalar results come back as JSON; a
// function returning rows is read like a table (select, filters, Range, singular responses).
import type { HonoRequest } from 'hono';
import { Params, functionCall, ident, readQuery } from './build-query.ts';
import { PgrstError } from './errors.ts';
import { explain } from './explain.ts';
import { findFunction, type BodyKind, type FunctionChoice } from './find-function.ts';
import { contentType } from './media-type.ts';
import { operators, parseQueryParams } from './parse-filters.ts';
import { newPlan, planRead, type ReadPlan } from './plan.ts';
import { isObject, readJsonBody } from './request-body.ts';
import { inTransaction, queryRow } from './request-transaction.ts';
import { bodyFormat, contentRange, jsonType, readResponse, respond, withPreferenceApplied } from './rest-response.ts';
import type { RestRequest } from './rest-request.ts';
import type { FunctionInfo } from './schema-cache.ts';
import { selectItems } from './select-items.ts';

interface PostedArgs {
  kind: BodyKind;
  keys: string[];
  args: unknown;
}

interface ResolvedCall extends FunctionChoice {
  args: unknown;
  keys: string[];
  /** the read plan of a function that returns rows of a composite type */
  plan: ReadPlan | undefined;
}

/** The call about to run: its SQL and whether it may write or must stay under `max-affected`. */
interface RpcCall {
  fn: FunctionInfo;
  call: ReturnType<typeof functionCall>;
  params: Params;
  readOnly: boolean;
  strictMax: number | undefined;
}

/** Query or form parameters by name; a repeated name (a variadic argument) becomes an array. */
function groupParams(search: URLSearchParams, keep: (key: string) => boolean): Record<string, unknown> {
  const args: Record<string, unknown> = {};
  for (const key of new Set(search.keys())) {
    if (!keep(key)) continue;
    const values = search.getAll(key);
    args[key] = values.length > 1 ? values : values[0];
  }
  return args;
}

/** `op.value` / `not.op.value`: a filter on a function's result rather than an argument. */
function looksLikeFilter(value: string): boolean {
  const match = /^(?:not\.)?([a-z]+)(?:\([a-z_0-9]+\))?\./.exec(value);
  return match !== null && (operators as readonly string[]).includes(match[1] as string);
}

/** POST arguments: a JSON object (or form) of named arguments, or a raw body for one unnamed parameter. */
async function readRpcBody(req: HonoRequest, columns: string[] | undefined): Promise<PostedArgs> {
  const type = (req.header('content-type') ?? 'application/json').split(';')[0]?.trim().toLowerCase() ?? '';
  if (type === 'text/plain') return { kind: 'text', keys: [], args: await req.text() };
  if (type === 'application/xml' || type === 'text/xml') return { kind: 'xml', keys: [], args: await req.text() };
  if (type === 'application/octet-stream') return { kind: 'binary', keys: [], args: Buffer.from(await req.arrayBuffer()).toString('hex') };
  if (type === 'application/x-www-form-urlencoded') {
    const form = groupParams(new URLSearchParams(await req.text()), () => true);
    return { kind: 'none', keys: Object.keys(form), args: form };
  }
  const body = await readJsonBody(req, true);
  return { kind: 'json', keys: isObject(body) ? columns ?? Object.keys(body) : [], args: body };
}

/** What a single unnamed parameter receives: the body's text (PostgREST sends JSON arguments re-encoded). */
function wholeBodyText(posted: PostedArgs | undefined, getArgs: Record<string, unknown> | undefined): unknown {
  if (!posted) return JSON.stringify(getArgs ?? {});
  return posted.kind === 'json' || posted.kind === 'none' ? JSON.stringify(posted.args) : posted.args;
}

/** The overload the arguments pick, its arguments, and (for rows) the plan of the result. */
function resolveCall(r: RestRequest, isPost: boolean, posted: PostedArgs | undefined): Promise<ResolvedCall> {
  return r.caches.use(r.schema, (cache) => {
    const overloads = cache.functions.get(r.name) ?? [];
    const isArg = (param: string, value: string): boolean => !isPost && (overloads.some((f) => f.args.some((a) => a.name === param)) || !looksLikeFilter(value));
    const query = parseQueryParams(r.url.searchParams, isArg);
    const getArgs = isPost ? undefined : groupParams(r.url.searchParams, (key) => query.unclaimed.has(key));
    const keys = posted ? posted.keys : Object.keys(getArgs ?? {});
    const choice = findFunction(cache, r.name, keys, isPost, posted?.kind ?? 'none');
    if (!choice.wholeBody && posted && posted.kind === 'json' && !isObject(posted.args)) throw PgrstError.invalidBody('The request body must be a JSON object of named arguments');
    const items = selectItems(query.select, r.dbConfig);
    const returnTable = choice.fn.returnTable ? cache.tables.get(choice.fn.returnTable) : undefined;
    const plan = choice.fn.returnKind === 'composite' ? planRead(cache, newPlan(returnTable, r.name, returnTable?.name ?? r.name), items, query.levels) : undefined;
    return { ...choice, args: choice.wholeBody ? wholeBodyText(posted, getArgs) : posted ? posted.args : getArgs, keys, plan };
  });
}

/** A function returning nothing (204) or a scalar or a set of scalars (JSON). */
async function callScalar(r: RestRequest, { fn, call, params, readOnly, strictMax }: RpcCall): Promise<Response> {
  const prefix = call.with ? `${call.with} ` : '';
  const sql = fn.returnKind === 'void'
    ? `${prefix}select ${call.call}`
    : fn.returnsSet
      ? `${prefix}select coalesce(json_agg(pgrst_v), '[]'::json)::text as body, count(*)::text as page_count from ${call.call} as pgrst_s(pgrst_v)`
      : `${prefix}select to_json(${call.call})::text as body, '1' as page_count`;
  if (r.media.kind === 'plan') return explain(r, readOnly, sql, params);
  const row = await inTransaction(r, readOnly, async (tx) => {
    const result = (await tx.query<{ body: string; page_count?: string }>(sql, params.values)).rows[0];
    if (strictMax !== undefined && Number(result?.page_count ?? 0) > strictMax) throw PgrstError.maxAffectedViolation(Number(result?.page_count));
    return result;
  });
  if (fn.returnKind === 'void') return respond(204, null, {});
  // PostgREST counts a scalar result as one row (a set of scalars as its elements): `Prefer: count=…`
  // answers Content-Range 0-0/1.
  const rows = Number(row?.page_count ?? 0);
  const headers = withPreferenceApplied({ 'Content-Type': jsonType, 'Content-Range': contentRange(0, rows, r.prefs.count === undefined ? undefined : rows) }, r.prefs);
  return respond(200, row?.body ?? 'null', headers);
}

/** A function returning rows (or one row) of a composite type, read like a table. */
async function callComposite(r: RestRequest, { fn, call, params, readOnly, strictMax }: RpcCall, plan: ReadPlan): Promise<Response> {
  const single = r.single || !fn.returnsSet;
  const from = `${call.call} as ${ident(plan.alias)}`;
  const sql = readQuery(plan, from, params, { single, count: r.prefs.count !== undefined && r.prefs.count !== 'planned', stripNulls: r.body.stripNulls, ...bodyFormat(r), ...(call.with && { with: call.with }) });
  if (r.media.kind === 'plan') return explain(r, readOnly, sql, params);
  const row = await inTransaction(r, readOnly, async (tx) => {
    const result = await queryRow(tx, sql, params);
    if (strictMax !== undefined && Number(result.page_count) > strictMax) throw PgrstError.maxAffectedViolation(Number(result.page_count));
    if (r.prefs.count === 'planned') result.total = result.page_count;
    return result;
  });
  if (!fn.returnsSet && !r.single) return respond(200, row.body, { 'Content-Type': contentType(r.body) });
  return readResponse({ ...r, single }, plan, row);
}

export async function handleRpc(r: RestRequest): Promise<Response> {
  const method = r.req.method;
  if (method !== 'GET' && method !== 'HEAD' && method !== 'POST') throw PgrstError.invalidRpcMethod(method);
  const isPost = method === 'POST';
  const search = r.url.searchParams;
  const columns = search.has('columns') ? parseQueryParams(new URLSearchParams({ columns: search.get('columns') ?? '' })).columns : undefined;
  const posted = isPost ? await readRpcBody(r.req, columns) : undefined;
  const resolved = await resolveCall(r, isPost, posted);
  const { fn } = resolved;
  const strictMax = r.prefs.handling === 'strict' && r.prefs.maxAffected !== undefined ? r.prefs.maxAffected : undefined;
  if (strictMax !== undefined && !fn.returnsSet) throw PgrstError.maxAffectedRpcViolation();
  const params = new Params();
  const call = functionCall(fn, resolved.args, resolved.wholeBody ? 'whole-body' : resolved.keys, params);
  const rpcCall: RpcCall = { fn, call, params, readOnly: !isPost || fn.volatility !== 'volatile', strictMax };
  if (fn.returnKind === 'void' || fn.returnKind === 'scalar') return callScalar(r, rpcCall);
  return callComposite(r, rpcCall, resolved.plan as ReadPlan);
}
