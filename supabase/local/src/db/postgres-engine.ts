// Native Postgres through a node-postgres pool (DATABASE_URL / --db-url).
import { createHash } from 'node:crypto';
import pg from 'pg';
import type { Database, QueryOptions, QueryResult, RequestAuth, RequestQueryable, RequestInfo, RequestStatement, RequestTransactionOptions } from './database.ts';
import { requestSettings, requestSettingsScript, textParam } from './database.ts';
import { runPipeline } from './postgres-pipeline.ts';

type Client = pg.PoolClient | pg.Client | pg.Pool;

/**
 * Named statements one connection keeps (each holds a parse tree and plans in its server process);
 * a connection that reaches this many is closed on release and the pool opens a fresh one.
 */
const maxStatementsPerConnection = 200;
const namedStatements = new WeakMap<pg.PoolClient, Set<string>>();

/** The statement's name on this connection: the same text always gets the same name. */
function statementName(client: pg.PoolClient, sql: string): string {
  const name = `pgrst_${createHash('sha1').update(sql).digest('base64url')}`;
  let names = namedStatements.get(client);
  if (!names) {
    names = new Set();
    namedStatements.set(client, names);
  }
  names.add(name);
  return name;
}

function connectionFull(client: pg.PoolClient): boolean {
  return (namedStatements.get(client)?.size ?? 0) >= maxStatementsPerConnection;
}

function wrap(client: Client, pooled?: pg.PoolClient): RequestQueryable {
  return {
    async query<T = Record<string, unknown>>(sql: string, params?: unknown[], options?: QueryOptions): Promise<QueryResult<T>> {
      const name = options?.reuse && pooled && !connectionFull(pooled) ? statementName(pooled, sql) : undefined;
      const result = await client.query(name ? { name, text: sql, values: params } : { text: sql, values: params });
      return {
        rows: result.rows as T[],
        fields: result.fields.map((f) => ({ name: f.name, dataTypeID: f.dataTypeID })),
        affectedRows: result.rowCount ?? 0,
      };
    },
  };
}

function quoteIdent(name: string): string {
  return `"${name.replace(/"/g, '""')}"`;
}

export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client that dies (server restart) must not crash the process.
  pool.on('error', () => {});
  // pool.end() resolves once no client is checked in or out, while a removed client may still be
  // ending; close() waits for those too, so a `drop database … with (force)` after it ends nothing.
  const openClients = new Set<pg.PoolClient>();
  let onAllRemoved: (() => void) | undefined;
  pool.on('connect', (client) => openClients.add(client));
  pool.on('remove', (client) => {
    openClients.delete(client);
    if (openClients.size === 0) onAllRemoved?.();
  });
  await pool.query('select 1');

  let listener: pg.Client | undefined;
  const subscribers = new Map<string, Set<(payload: string) => void>>();

  async function listenerClient(): Promise<pg.Client> {
    if (listener) return listener;
    const client = new pg.Client({ connectionString });
    client.on('error', () => {});
    client.on('notification', (message) => {
      for (const callback of subscribers.get(message.channel) ?? []) callback(message.payload ?? '');
    });
    await client.connect();
    listener = client;
    return client;
  }

  /** `opening` starts with BEGIN; a request sends its settings in that same round trip. */
  const transaction = async <T>(fn: (tx: RequestQueryable) => Promise<T>, opening = 'begin'): Promise<T> => {
    const client = await pool.connect();
    try {
      await client.query(opening);
      const result = await fn(wrap(client, client));
      await client.query('commit');
      return result;
    } catch (error) {
      await client.query('rollback').catch(() => {});
      throw error;
    } finally {
      client.release(connectionFull(client));
    }
  };

  return {
    engine: 'postgres',
    query: (sql, params) => wrap(pool).query(sql, params),
    transaction: (fn) => transaction(fn),
    asRequest<T>(auth: RequestAuth, request: RequestInfo | null, fn: (tx: RequestQueryable) => Promise<T>, options?: RequestTransactionOptions): Promise<T> {
      return transaction(fn, `begin; ${requestSettingsScript(auth, request, options)}`);
    },
    async requestStatement<T>(auth: RequestAuth, request: RequestInfo | null, statement: RequestStatement): Promise<QueryResult<T>> {
      const client = await pool.connect();
      try {
        // The settings' text never changes (only its values do), so it stays prepared like the read.
        const settings = requestSettings(auth, request);
        const full = connectionFull(client);
        return await runPipeline<T>(client, [
          { text: statement.readOnly ? 'begin read only' : 'begin', values: [] },
          { text: settings.sql, values: settings.params.map(textParam), ...(!full && { name: statementName(client, settings.sql) }) },
          { text: statement.sql, values: statement.params.map(textParam), ...(statement.reuse && !full && { name: statementName(client, statement.sql) }) },
          { text: 'commit', values: [] },
        ], 2);
      } catch (error) {
        await client.query('rollback').catch(() => {});
        throw error;
      } finally {
        client.release(connectionFull(client));
      }
    },
    async listen(channel, onPayload) {
      const client = await listenerClient();
      let set = subscribers.get(channel);
      if (!set) {
        set = new Set();
        subscribers.set(channel, set);
        await client.query(`listen ${quoteIdent(channel)}`);
      }
      set.add(onPayload);
      return async () => {
        const current = subscribers.get(channel);
        current?.delete(onPayload);
        if (current && current.size === 0) {
          subscribers.delete(channel);
          await client.query(`unlisten ${quoteIdent(channel)}`).catch(() => {});
        }
      };
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await listener?.end().catch(() => {});
      const allRemoved = openClients.size === 0 ? Promise.resolve() : new Promise<void>((resolve) => (onAllRemoved = resolve));
      await pool.end();
      await allRemoved;
    },
  };
}
