// Shared by the auth-*.test.ts files: a stand-in on the auth fixture project, supabase-js clients
// that keep their session in memory, TOTP codes and raw /auth/v1 calls.
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type SupabaseClient, type SupabaseClientOptions } from '@supabase/supabase-js';
import * as OTPAuth from 'otpauth';
import { clientOptions, startTestServer, type TestEngine, type TestServer } from './support/start.ts';

export const authFixtureProject = join(dirname(fileURLToPath(import.meta.url)), '../../fixtures/auth-project');
export const password = 'correct-horse-battery-1';

export function startAuthServer(engine: TestEngine): Promise<TestServer> {
  return startTestServer({ engine, projectDir: authFixtureProject });
}

/** The auth fixture project with this config.toml (a copy in a temporary directory, removed on close). */
export async function startAuthServerWithConfig(engine: TestEngine, configToml: string): Promise<TestServer> {
  const projectDir = await mkdtemp(join(tmpdir(), 'auth-project-'));
  await cp(authFixtureProject, projectDir, { recursive: true });
  await writeFile(join(projectDir, 'config.toml'), configToml);
  const server = await startTestServer({ engine, projectDir });
  return {
    ...server,
    close: async () => {
      await server.close();
      await rm(projectDir, { recursive: true, force: true });
    },
  };
}

let counter = 0;
/** A unique address per call, so tests in one file never collide. */
export function uniqueEmail(label: string): string {
  counter += 1;
  return `${label}-${counter}-${Date.now()}@example.test`;
}

/** A client that keeps its session (in memory, as on Node) like the app does in a browser. */
export function sessionClient(t: TestServer, auth: SupabaseClientOptions<'public'>['auth'] = {}): SupabaseClient {
  return createClient(t.url, t.server.keys.anonKey, {
    ...clientOptions,
    auth: { persistSession: true, autoRefreshToken: false, detectSessionInUrl: false, ...auth },
  });
}

export function adminClient(t: TestServer): SupabaseClient {
  return t.service();
}

export function totpCode(secret: string): string {
  return new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();
}

/** Raw call to /auth/v1 with the anon key, as supabase-js would make it (API version header included). */
export function authFetch(t: TestServer, path: string, init: RequestInit & { apiVersion?: string | null } = {}): Promise<Response> {
  const headers = new Headers(init.headers);
  if (!headers.has('apikey')) headers.set('apikey', t.server.keys.anonKey);
  if (init.apiVersion !== null) headers.set('X-Supabase-Api-Version', init.apiVersion ?? '2024-01-01');
  if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json;charset=UTF-8');
  return fetch(`${t.url}/auth/v1${path}`, { ...init, headers, redirect: 'manual' });
}
