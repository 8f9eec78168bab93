// Keeps the schema caches (one per exposed schema) and the in-database config current: loaded
// lazily, dropped on `NOTIFY pgrst` (like PostgREST) and reloaded once when a request misses a
// table/column/function/relationship that may be new.
import type { Database } from '../db/database.ts';
import { PgrstError } from './errors.ts';
import { loadDbConfig, type DbConfig } from './db-config.ts';
import { SchemaCache } from './schema-cache.ts';

const missCodes = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

export class SchemaCacheHolder {
  private current = new Map<string, Promise<SchemaCache>>();
  private config: Promise<DbConfig> | undefined;
  private generation = 0;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.current = new Map();
    this.config = undefined;
    this.generation += 1;
  }

  private listen(): void {
    this.listening ??= this.db.listen('pgrst', () => this.invalidate()).catch(() => undefined);
  }

  private get(schema: string): Promise<SchemaCache> {
    this.listen();
    let cache = this.current.get(schema);
    if (!cache) {
      const loading = SchemaCache.load(this.db, schema);
      const map = this.current;
      map.set(schema, loading);
      loading.catch(() => {
        if (map.get(schema) === loading) map.delete(schema);
      });
      cache = loading;
    }
    return cache;
  }

  /** The `pgrst.*` settings of the authenticator role. */
  dbConfig(): Promise<DbConfig> {
    this.listen();
    if (!this.config) {
      const loading = loadDbConfig(this.db);
      this.config = loading;
      loading.catch(() => {
        if (this.config === loading) this.config = undefined;
      });
    }
    return this.config;
  }

  /** Runs `fn` against the cache of `schema`; a schema miss reloads the caches and tries once more. */
  async use<T>(schema: string, fn: (cache: SchemaCache) => T | Promise<T>): Promise<T> {
    const generation = this.generation;
    try {
      return await fn(await this.get(schema));
    } catch (error) {
      if (!(error instanceof PgrstError) || !missCodes.has(error.code)) throw error;
      if (generation === this.generation) this.invalidate();
      return fn(await this.get(schema));
    }
  }
}
