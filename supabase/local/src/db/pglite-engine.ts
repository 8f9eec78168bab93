// PGlite (Postgres 18 in WASM) with its data directory on disk.
import { mkdir } from 'node:fs/promises';
import { PGlite, parse, protocol, types } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { citext } from '@electric-sql/pglite/contrib/citext';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { uuid_ossp } from '@electric-sql/pglite/contrib/uuid_ossp';
import type { Database, QueryResult, Queryable, RequestAuth, RequestQueryable, RequestInfo, RequestStatement, RequestTransactionOptions } from './database.ts';
import { requestSettings, requestSettingsScript, textParam } from './database.ts';
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

function concat(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let offset = 0;
  for (const part of parts) {
    out.set(part, offset);
    offset += part.length;
  }
  return out;
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
    requestStatement<T>(auth: RequestAuth, request: RequestInfo | null, statement: RequestStatement): Promise<QueryResult<T>> {
      // One protocol call for the whole transaction: pg.query alone makes six (parse, describe, bind,
      // describe, execute, sync) and the begin/commit execs two each. Parameters go untyped, in text, as
      // node-postgres sends them.
      const settings = requestSettings(auth, request);
      const serialize = protocol.serialize;
      const step = (text: string, values: (string | null)[], describe = false): Uint8Array[] => [
        serialize.parse({ text }), serialize.bind({ values }), ...(describe ? [serialize.describe({ type: 'P' })] : []), serialize.execute({}),
      ];
      const message = concat([
        ...step(statement.readOnly ? 'begin read only' : 'begin', []),
        ...step(settings.sql, settings.params.map(textParam)),
        ...step(statement.sql, statement.params.map(textParam), true),
        ...step('commit', []),
        serialize.sync(),
      ]);
      return lock.run(async () => {
        try {
          const { messages } = await pg.execProtocol(message);
          // Each step ends with CommandComplete; the statement's answer sits between the 2nd and the 3rd.
          let completed = 0;
          const answer = messages.filter((m) => {
            const inside = completed === 2;
            if (m.name === 'commandComplete') completed += 1;
            return inside;
          });
          const [result] = parse.parseResults(answer, pg.parsers);
          if (!result) throw new Error('the request statement gave no result');
          return { rows: result.rows as T[], fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })), affectedRows: result.affectedRows ?? 0 };
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
