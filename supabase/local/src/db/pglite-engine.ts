// PGlite (Postgres 18 in WASM) with its data directory on disk.
import { mkdir } from 'node:fs/promises';
import { PGlite, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database, QueryResult, Queryable, RequestAuth, RequestQueryable, RequestInfo, RequestTransactionOptions } from './database.ts';
import { requestSettingsScript } from './database.ts';
import { Mutex } from './mutex.ts';

interface PgliteQueryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[]; fields: { name: string; dataTypeID: number }[]; affectedRows?: number }>;
}

function wrap(target: PgliteQueryable): RequestQueryable {
  return {
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<T>> {
      const result = await target.query<T>(sql, params);
      return { rows: result.rows, fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: result.affectedRows ?? 0 };
    },
  };
}

/** Same value types as node-postgres: int8 and numeric stay strings (no silent precision loss). */
const parsers = {
  [types.INT8]: (value: string) => value,
  [types.NUMERIC]: (value: string) => value,
};

export async function openPglite(dataDir: string): Promise<Database> {
  await mkdir(dataDir, { recursive: true });
  const pg = await PGlite.create(dataDir, {
    extensions: { pgcrypto, btree_gist, uuid_ossp, pg_trgm, citext },
    parsers,
  });
  const lock = new Mutex();
  const root = wrap(pg);

  const transaction = <T>(fn: (tx: Queryable) => Promise<T>): Promise<T> =>
    lock.run(() => pg.transaction((tx) => fn(wrap(tx))));

  return {
    engine: 'pglite',
    query: (sql, params) => lock.run(() => root.query(sql, params)),
    transaction,
    asRequest<T>(auth: RequestAuth, request: RequestInfo | null, fn: (tx: RequestQueryable) => Promise<T>, options?: RequestTransactionOptions): Promise<T> {
      // BEGIN and the settings as one simple query (2 protocol steps; pg.transaction would add 2 for its
      // own BEGIN, and a parameterised settings query takes 6). The lock keeps everyone else out, so the
      // statements in between go straight to `pg`; like pg.transaction, an aborted transaction's COMMIT
      // (it answers ROLLBACK) is an error.
      return lock.run(async () => {
        try {
          await pg.exec(`begin; ${requestSettingsScript(auth, request, options)}`);
          const value = await fn(root);
          const [commit] = await pg.exec('commit');
          if (commit?.command === 'ROLLBACK') throw Object.assign(new Error('Transaction was rolled back instead of committed'), { code: '25P02', severity: 'ERROR' });
          return value;
        } catch (error) {
          await pg.exec('rollback');
          throw error;
        }
      });
    },
    async listen(channel, onPayload) {
      const unlisten = await lock.run(() => pg.listen(channel, onPayload));
      return () => lock.run(() => unlisten());
    },
    async exec(sql) {
      await lock.run(() => pg.exec(sql));
    },
    async close() {
      await lock.run(() => pg.close());
    },
  };
}
