// /rest/v1 answers: bodies with PostgREST's headers (Content-Range, Preference-Applied) and errors as
// PostgREST's `{code, details, hint, message}`.
import type { DbRole } from '../db/database.ts';
import { HttpError } from '../http/http-error.ts';
import { PgrstError, toPgrstError } from './errors.ts';
import { contentType } from './media-type.ts';
import type { ReadPlan } from './plan.ts';
import type { Preferences } from './prefer.ts';
import type { ResultRow } from './request-transaction.ts';
import type { RestRequest } from './rest-request.ts';

export const jsonType = 'application/json; charset=utf-8';

export function respond(status: number, body: string | null, headers: Record<string, string>): Response {
  return new Response(status === 204 ? null : body, { status, headers });
}

/** Adds Preference-Applied when any Prefer choice was honoured. */
export function withPreferenceApplied(headers: Record<string, string>, prefs: Preferences): Record<string, string> {
  if (prefs.applied.length > 0) headers['Preference-Applied'] = prefs.applied.join(', ');
  return headers;
}

/** readQuery/writeQuery's `format` for a CSV or GeoJSON body. */
export function bodyFormat(r: RestRequest): { format?: 'csv' | 'geojson' } {
  return r.body.kind === 'csv' || r.body.kind === 'geojson' ? { format: r.body.kind } : {};
}

// `first-last/total` (`*/total` for no rows), with `*` as the total when not counted.
export function contentRange(offset: number, count: number, total: number | undefined): string {
  const totalText = total === undefined ? '*' : String(total);
  return count > 0 ? `${offset}-${offset + count - 1}/${totalText}` : `*/${totalText}`;
}

/** Answer of a GET (table or set-returning function): status, Content-Range, single coercion. */
export function readResponse(r: RestRequest, plan: ReadPlan, row: ResultRow): Response {
  const count = Number(row.page_count);
  const total = row.total == null ? undefined : Number(row.total);
  const offset = plan.offset ?? 0;
  if (r.single && count !== 1) throw PgrstError.singularity(count);
  if (total !== undefined && offset > total && offset > 0) {
    throw PgrstError.invalidRange(`An offset of ${offset} was requested, but there are only ${total} rows.`);
  }
  const status = total !== undefined && count < total ? 206 : 200;
  const headers = withPreferenceApplied({ 'Content-Type': contentType(r.body), 'Content-Range': contentRange(offset, count, total) }, r.prefs);
  return respond(status, row.body, headers);
}

/** Anything thrown while serving a request, as its answer; `role` tells 401 from 403. */
export function errorResponse(error: unknown, role: DbRole): Response {
  if (error instanceof HttpError) {
    return new Response(JSON.stringify(error.body), { status: error.status, headers: { 'Content-Type': jsonType, ...error.headers } });
  }
  const pgrst = toPgrstError(error, role);
  if (pgrst.status >= 500) console.error('[rest]', error);
  return new Response(JSON.stringify(pgrst.toBody()), { status: pgrst.status, headers: { 'Content-Type': jsonType, ...pgrst.headers } });
}
