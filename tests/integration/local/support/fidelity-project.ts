// The rest-fidelity fixture project (a Supabase project unrelated to the app) and a raw HTTP helper
// for requests supabase-js cannot shape (text bodies, Accept headers, exact response headers).
import { fileURLToPath } from 'node:url';
import type { TestServer } from './start.ts';

export const fidelityProject = fileURLToPath(new URL('../../../fixtures/rest-fidelity', import.meta.url));

export interface RawResponse {
  status: number;
  headers: Headers;
  text: string;
  /** parsed JSON body, or undefined when the body is not JSON */
  json: unknown;
}

/** A request with the service_role key (RLS is not what these tests are about). */
export async function raw(t: TestServer, path: string, init: RequestInit = {}): Promise<RawResponse> {
  const key = t.server.keys.serviceRoleKey;
  const headers = new Headers(init.headers);
  headers.set('apikey', key);
  if (!headers.has('authorization')) headers.set('authorization', `Bearer ${key}`);
  const response = await fetch(`${t.url}${path}`, { ...init, headers });
  const text = await response.text();
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

/** Changes one `pgrst.*` setting of the authenticator role for this database and waits for the reload. */
export async function setPgrstConfig(t: TestServer, name: string, value: string | null): Promise<void> {
  const db = t.server.ctx.db;
  const database = (await db.query<{ name: string }>('select current_database() as name')).rows[0]?.name ?? '';
  const quotedDb = `"${database.replace(/"/g, '""')}"`;
  await db.query(value === null
    ? `alter role authenticator in database ${quotedDb} reset ${name}`
    : `alter role authenticator in database ${quotedDb} set ${name} = '${value.replace(/'/g, "''")}'`);
  await db.query(`notify pgrst, 'reload config'`);
  // The stand-in drops its caches when the notification arrives; give it a moment.
  await new Promise((resolve) => setTimeout(resolve, 150));
}
