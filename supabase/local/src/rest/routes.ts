// /rest/v1: PostgREST-compatible reads, writes and RPC. Every request runs in one transaction
// through db.asRequest, so the request's role and JWT claims make Postgres enforce RLS.
// This file wires paths to handlers: read-handler (GET), insert-handler (POST, upserts),
// mutate-handler (PATCH, DELETE, PUT), rpc-handler (/rpc/<fn>); rest-request parses what they share.
import { Hono, type Context } from 'hono';
import type { LocalContext } from '../context.ts';
import type { DbRole } from '../db/database.ts';
import { resolveRequestAuth } from '../keys.ts';
import { loadApiConfig } from './api-config.ts';
import { handleInsert } from './insert-handler.ts';
import { handleDelete, handleUpdate, refusePut } from './mutate-handler.ts';
import { handleRead } from './read-handler.ts';
import { parseRestRequest, type RestRequest, type RestServices, type RestTarget } from './rest-request.ts';
import { errorResponse } from './rest-response.ts';
import { handleRpc } from './rpc-handler.ts';
import { SchemaCacheHolder } from './schema-cache-holder.ts';

type Handler = (r: RestRequest) => Promise<Response>;

export function restRoutes(ctx: LocalContext): Hono {
  const services: RestServices = { db: ctx.db, caches: new SchemaCacheHolder(ctx.db), apiConfig: loadApiConfig(ctx.projectDir) };
  const app = new Hono();

  async function serve(c: Context, target: RestTarget, handler: Handler): Promise<Response> {
    let role: DbRole = 'anon';
    try {
      const url = new URL(c.req.url);
      const auth = await resolveRequestAuth(ctx.keys, c.req.raw.headers, url);
      role = auth.role;
      return await handler(await parseRestRequest(services, c.req, target, url, auth));
    } catch (error) {
      return errorResponse(error, role);
    }
  }

  const table = (handler: Handler) => (c: Context): Promise<Response> => {
    const name = c.req.param('table') as string;
    return serve(c, { name, path: `/${name}` }, handler);
  };
  app.get('/:table', table(handleRead));
  app.post('/:table', table(handleInsert));
  app.patch('/:table', table(handleUpdate));
  app.delete('/:table', table(handleDelete));
  app.put('/:table', table(refusePut));

  app.on(['GET', 'POST', 'PATCH', 'PUT', 'DELETE'], '/rpc/:fn', (c) => {
    const name = c.req.param('fn') as string;
    return serve(c, { name, path: `/rpc/${name}` }, handleRpc);
  });

  return app;
}
