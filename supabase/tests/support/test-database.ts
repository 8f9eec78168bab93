// SQL-level test harness for the NomadNest migrations: opens the stand-in's database engine (PGlite
// always; native Postgres too when TEST_DATABASE_URL is set, on a fresh database per file), applies
// the Supabase baseline and our migrations, and runs statements as API roles with real JWT claims.
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import type { Database, Queryable, RequestAuth } from '../../local/src/db/database.ts';
import { requestSettings } from '../../local/src/db/database.ts';
import { prepareDatabase } from '../../local/src/db/migrations.ts';
import { openDatabase } from '../../local/src/db/open-database.ts';

export type Engine = 'pglite' | 'postgres';

export const engines: Engine[] = process.env.TEST_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite'];

/** The project folder holding migrations/ and seed.sql. */
export const projectDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

export interface TestDatabase {
  db: Database;
  engine: Engine;
  /** connection string of the fresh native database (postgres engine only) */
  url?: string;
  close(): Promise<void>;
}

/** A fresh, empty database of the given engine (nothing applied yet). */
export async function openEmptyDatabase(engine: Engine): Promise<TestDatabase> {
  if (engine === 'pglite') {
    const dataDir = await mkdtemp(join(tmpdir(), 'nomadnest-db-test-'));
    const db = await openDatabase({ dataDir });
    return {
      db,
      engine,
      async close() {
        await db.close();
        await rm(dataDir, { recursive: true, force: true });
      },
    };
  }
  const base = process.env.TEST_DATABASE_URL;
  if (!base) throw new Error('TEST_DATABASE_URL is not set');
  const name = `nomadnest_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(base, `create database "${name}"`);
  const url = new URL(base);
  url.pathname = `/${name}`;
  const db = await openDatabase({ dataDir: tmpdir(), dbUrl: url.toString() });
  return {
    db,
    engine,
    url: url.toString(),
    async close() {
      await db.close();
      await adminQuery(base, `drop database if exists "${name}" with (force)`);
    },
  };
}

async function adminQuery(connectionString: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/** A fresh database with the baseline and every migration applied (no seed unless asked). */
export async function openMigratedDatabase(engine: Engine, opts: { seed?: boolean } = {}): Promise<TestDatabase> {
  const handle = await openEmptyDatabase(engine);
  try {
    await prepareDatabase(handle.db, projectDir, { seed: opts.seed ?? false });
  } catch (error) {
    await handle.close();
    throw error;
  }
  return handle;
}

export type Actor = { kind: 'anon' } | { kind: 'service' } | { kind: 'user'; id: string };

export const anon: Actor = { kind: 'anon' };
export const service: Actor = { kind: 'service' };
export const user = (id: string): Actor => ({ kind: 'user', id });

export function requestAuth(actor: Actor): RequestAuth {
  switch (actor.kind) {
    case 'anon':
      return { role: 'anon', claims: { role: 'anon' } };
    case 'service':
      return { role: 'service_role', claims: { role: 'service_role' } };
    case 'user':
      // The e-mail createUser gives every test user, as GoTrue puts it in the access token.
      return { role: 'authenticated', claims: { sub: actor.id, role: 'authenticated', aud: 'authenticated', email: `${actor.id}@test.nomadnest` } };
  }
}

/** Runs fn in one committed transaction as the actor, like one PostgREST request. */
export function asActor<T>(db: Database, actor: Actor, fn: (tx: Queryable) => Promise<T>): Promise<T> {
  return db.asRequest(requestAuth(actor), null, fn);
}

/** Runs one statement as the actor in its own committed transaction. */
export async function queryAs<T = Record<string, unknown>>(db: Database, actor: Actor, sql: string, params: unknown[] = []): Promise<T[]> {
  return asActor(db, actor, async (tx) => (await tx.query<T>(sql, params)).rows);
}

export interface SqlError {
  code: string;
  message: string;
}

/** The SQLSTATE and message of a failed statement, or null when it succeeded. */
export async function errorOf(run: Promise<unknown>): Promise<SqlError | null> {
  try {
    await run;
    return null;
  } catch (error) {
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { code: typeof code === 'string' ? code : 'unknown', message: typeof message === 'string' ? message : String(error) };
  }
}

class Rollback<T> extends Error {
  constructor(readonly value: T) {
    super('rollback');
  }
}

/**
 * Runs `prepare` as the owner, then `fn` as the actor, then `verify` as the owner, all in one
 * transaction that is rolled back, so every call starts from the same fixture.
 */
export async function inRolledBackRequest<T>(
  db: Database,
  actor: Actor,
  steps: { prepare?: string; fn: (tx: Queryable) => Promise<T>; verify?: (tx: Queryable, fnResult: T) => Promise<T> },
): Promise<T> {
  try {
    await db.transaction(async (tx) => {
      if (steps.prepare) await tx.query(steps.prepare);
      const settings = requestSettings(requestAuth(actor), null);
      await tx.query(settings.sql, settings.params);
      let result = await steps.fn(tx);
      await tx.query('reset role');
      if (steps.verify) result = await steps.verify(tx, result);
      throw new Rollback(result);
    });
  } catch (error) {
    if (error instanceof Rollback) return error.value as T;
    throw error;
  }
  throw new Error('unreachable: the transaction always rolls back');
}

/** Runs a statement inside a savepoint so a failure leaves the surrounding transaction usable. */
export async function attempt<T = Record<string, unknown>>(tx: Queryable, sql: string, params: unknown[] = []): Promise<{ rows: T[]; error: SqlError | null }> {
  await tx.query('savepoint attempt');
  try {
    const { rows } = await tx.query<T>(sql, params);
    await tx.query('release savepoint attempt');
    return { rows, error: null };
  } catch (error) {
    await tx.query('rollback to savepoint attempt');
    const { code, message } = error as { code?: unknown; message?: unknown };
    return { rows: [], error: { code: typeof code === 'string' ? code : 'unknown', message: typeof message === 'string' ? message : String(error) } };
  }
}
