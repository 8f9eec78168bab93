// Starts the stand-in in-process for integration tests, on PGlite and (when TEST_DATABASE_URL is
// set) on a fresh database of a native Postgres server, and hands out supabase-js clients.
import { randomBytes, randomUUID } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { cp, mkdtemp, rename, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import pg from 'pg';
import WebSocket from 'ws';
import { signAccessToken } from '../../../../supabase/local/src/keys.ts';
import type { AuthRateLimitSetting } from '../../../../supabase/local/src/auth/rate-limits.ts';
import { startLocalServer, type LocalServer } from '../../../../supabase/local/src/server.ts';
import { confirmThroughMailbox } from './confirmation-link.ts';

export type TestEngine = 'pglite' | 'postgres';

/** PGlite always; native Postgres too when TEST_DATABASE_URL points at a server we may create databases on. */
export const testEngines: TestEngine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

export interface StartTestServerOptions {
  engine?: TestEngine;
  /** folder with migrations/, seed.sql, functions/, config.toml; default: the repo's supabase/ */
  projectDir?: string;
  /** apply seed files and seed hooks (default false in tests: each test seeds what it needs) */
  seed?: boolean;
  /**
   * GoTrue's `[auth.rate_limit]` of the project's config.toml: `off` (default: tests sign in and up far more
   * often than a person from one address), `config` to enforce them, or `{ now }` to enforce them on a clock
   * the test moves.
   */
  authRateLimits?: AuthRateLimitSetting;
}

export interface TestUser {
  id: string;
  email: string;
  accessToken: string;
  client: SupabaseClient;
}

export interface TestServer {
  server: LocalServer;
  url: string;
  engine: TestEngine;
  /** the fresh database's URL on native Postgres (for tools that connect themselves); undefined on PGlite */
  databaseUrl: string | undefined;
  /** client with the anon key and no session */
  anon(): SupabaseClient;
  /** client with the service_role key (bypasses RLS) */
  service(): SupabaseClient;
  /** signs up through /auth/v1 (confirming through the mailbox link when confirmations are on) and returns a client holding that session */
  signUp(email: string, password?: string, data?: Record<string, unknown>): Promise<TestUser>;
  /** inserts a row in auth.users directly and mints its access token (no /auth/v1 needed) */
  mintUser(email: string, extraClaims?: Record<string, unknown>): Promise<TestUser>;
  /** client sending the given bearer token with the anon key */
  withToken(accessToken: string): SupabaseClient;
  close(): Promise<void>;
}

export const clientOptions = {
  auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
  realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
} as const;

/** CREATE DATABASE <random> on the TEST_DATABASE_URL server; returns its URL and a dropper. */
export async function createFreshDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `sl_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: base });
  await admin.connect();
  try {
    await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  const url = new URL(base);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const client = new pg.Client({ connectionString: base });
      await client.connect();
      try {
        await client.query(`drop database if exists "${name}" with (force)`);
      } finally {
        await client.end();
      }
    },
  };
}

const pgliteVersion = (JSON.parse(readFileSync(new URL('../../../../node_modules/@electric-sql/pglite/package.json', import.meta.url), 'utf8')) as { version: string }).version;

/**
 * An initdb'd, empty PGlite data dir shared by all test runs on this machine: copying it takes a
 * fraction of a second, while initdb in WASM takes 3–30 s on a busy machine.
 */
export async function pgliteTemplate(): Promise<string> {
  const dir = join(tmpdir(), `supabase-local-pglite-template-${pgliteVersion}`);
  if (existsSync(join(dir, 'PG_VERSION'))) return dir;
  const staging = await mkdtemp(`${dir}-staging-`);
  const pg = await PGlite.create(staging);
  await pg.close();
  try {
    await rename(staging, dir);
  } catch {
    await rm(staging, { recursive: true, force: true });
  }
  return dir;
}

export async function startTestServer(opts: StartTestServerOptions = {}): Promise<TestServer> {
  const engine = opts.engine ?? 'pglite';
  const dataDir = await mkdtemp(join(tmpdir(), 'supabase-local-test-'));
  const fresh = engine === 'postgres' ? await createFreshDatabase() : undefined;
  if (engine === 'pglite') await cp(await pgliteTemplate(), join(dataDir, 'pgdata'), { recursive: true });
  let server: LocalServer;
  try {
    server = await startLocalServer({
      dataDir,
      port: 0,
      projectDir: opts.projectDir,
      dbUrl: fresh?.url,
      seed: opts.seed ?? false,
      authRateLimits: opts.authRateLimits ?? 'off',
    });
  } catch (error) {
    await fresh?.drop();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const { keys, url } = server;
  const clients: SupabaseClient[] = [];
  const track = (client: SupabaseClient): SupabaseClient => {
    clients.push(client);
    return client;
  };
  const withToken = (accessToken: string): SupabaseClient =>
    track(createClient(url, keys.anonKey, { ...clientOptions, global: { headers: { Authorization: `Bearer ${accessToken}` } } }));

  return {
    server,
    url,
    engine,
    databaseUrl: fresh?.url,
    anon: () => track(createClient(url, keys.anonKey, clientOptions)),
    service: () => track(createClient(url, keys.serviceRoleKey, clientOptions)),
    withToken,
    async signUp(email, password = 'correct-horse-battery-1', data) {
      const client = track(createClient(url, keys.anonKey, clientOptions));
      const { data: result, error } = await client.auth.signUp({ email, password, options: data ? { data } : undefined });
      if (error) throw error;
      if (!result.user) throw new Error('signUp returned no user');
      if (result.session) return { id: result.user.id, email, accessToken: result.session.access_token, client };
      // Confirmations on (the project's config.toml): the mailbox link confirms and opens the session.
      const { accessToken, refreshToken } = await confirmThroughMailbox(url, email);
      const { error: sessionError } = await client.auth.setSession({ access_token: accessToken, refresh_token: refreshToken });
      if (sessionError) throw sessionError;
      return { id: result.user.id, email, accessToken, client };
    },
    async mintUser(email, extraClaims = {}) {
      const id = randomUUID();
      await server.ctx.db.query(
        `insert into auth.users (id, aud, role, email, email_confirmed_at, raw_app_meta_data, raw_user_meta_data)
         values ($1, 'authenticated', 'authenticated', $2, now(), '{"provider":"email","providers":["email"]}', '{}')`,
        [id, email],
      );
      const accessToken = await signAccessToken(keys, { sub: id, email, role: 'authenticated', aud: 'authenticated', aal: 'aal1', session_id: randomUUID(), is_anonymous: false, ...extraClaims }, 3600);
      return { id, email, accessToken, client: withToken(accessToken) };
    },
    async close() {
      for (const client of clients) await client.removeAllChannels().catch(() => {});
      await server.close();
      await fresh?.drop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
