// The per-request context every /rest/v1 handler receives: who asks, which exposed schema, which
// response type and which Prefer choices, read from the HTTP request once before any handler runs.
import type { HonoRequest } from 'hono';
import type { Database, RequestAuth, RequestInfo } from '../db/database.ts';
import type { ApiConfig } from './api-config.ts';
import { txOverrideAllowed, type DbConfig } from './db-config.ts';
import { PgrstError } from './errors.ts';
import { negotiate, type ResponseMedia } from './media-type.ts';
import { parsePrefer, type Preferences } from './prefer.ts';
import type { SchemaCacheHolder } from './schema-cache-holder.ts';

/** What the router holds for every request: the database, the schema caches and the API config. */
export interface RestServices {
  db: Database;
  caches: SchemaCacheHolder;
  apiConfig: Promise<ApiConfig>;
}

export interface RestRequest {
  db: Database;
  caches: SchemaCacheHolder;
  req: HonoRequest;
  /** the table, view or function the path names */
  name: string;
  auth: RequestAuth;
  url: URL;
  prefs: Preferences;
  /** the negotiated response type (for a plan: the type whose query is explained is `body`) */
  media: ResponseMedia;
  /** the media type of the body (the plan's `for` type when explaining) */
  body: Exclude<ResponseMedia, { kind: 'plan' }>;
  single: boolean;
  info: RequestInfo;
  /** the exposed schema chosen by Accept-Profile / Content-Profile */
  schema: string;
  dbConfig: DbConfig;
}

/** The request's target: `name` as handlers see it, `path` as `request.path` in Postgres sees it. */
export interface RestTarget {
  name: string;
  path: string;
}

/**
 * Postgres text cannot hold NUL, and a NUL inside an identifier would cut the SQL text short on the
 * wire (08P01, a broken connection on native Postgres): refuse it before anything is parsed.
 */
function checkNoNul(path: string, url: URL): void {
  const hasNul = (text: string): boolean => text.includes('\u0000');
  if (hasNul(path)) throw PgrstError.parseError('The request path contains a NUL character');
  for (const [name, value] of url.searchParams) {
    if (hasNul(name) || hasNul(value)) {
      throw PgrstError.parseError(`"failed to parse query parameter (${name.split('\u0000').join('\\0')})" (line 1, column 1)`, 'NUL characters are not allowed');
    }
  }
}

/** Reads use Accept-Profile, writes Content-Profile; without one the first exposed schema is used. */
function requestSchema(method: string, headers: Headers, api: ApiConfig): string {
  const profile = headers.get(method === 'GET' || method === 'HEAD' ? 'accept-profile' : 'content-profile');
  if (profile === null) return api.schemas[0] as string;
  if (!api.schemas.includes(profile)) throw PgrstError.unacceptableSchema(profile, api.schemas);
  return profile;
}

/** The context of one request whose caller (`auth`) is already known. */
export async function parseRestRequest(services: RestServices, req: HonoRequest, target: RestTarget, url: URL, auth: RequestAuth): Promise<RestRequest> {
  const headers = req.raw.headers;
  checkNoNul(target.path, url);
  const api = await services.apiConfig;
  const schema = requestSchema(req.method, headers, api);
  const dbConfig = await services.caches.dbConfig();
  const media = negotiate(headers.get('accept'), dbConfig.planEnabled);
  const body = media.kind === 'plan' ? media.plan.for : media;
  const prefs = parsePrefer(headers, { txOverride: txOverrideAllowed(dbConfig) });
  const info: RequestInfo = { method: req.method, path: target.path, headers: Object.fromEntries(headers), searchPath: [...new Set([schema, ...api.extraSearchPath])] };
  return { db: services.db, caches: services.caches, req, name: target.name, auth, url, prefs, media, body, single: body.kind === 'object', info, schema, dbConfig };
}
