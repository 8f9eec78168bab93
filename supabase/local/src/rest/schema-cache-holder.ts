// Keeps the schema cache current: loaded lazily, dropped on `NOTIFY pgrst` (like PostgREST) and
// reloaded once when a request misses a table/column/function/relationship that may be new.
import type { Database } from '../db/database.ts';
import { PgrstError } from './errors.ts';
import { SchemaCache } from './schema-cache.ts';

const missCodes = new Set(['PGRST200', 'PGRST202', 'PGRST204', 'PGRST205']);

export class SchemaCacheHolder {
  private current: Promise<SchemaCache> | undefined;
  private generation = 0;
  private listening: Promise<unknown> | undefined;

  constructor(private readonly db: Database) {}

  invalidate(): void {
    this.current = undefined;
    this.generation += 1;
  }

  private get(): Promise<SchemaCache> {
    this.listening ??= this.db.listen('pgrst', () => this.invalidate()).catch(() => undefined);
    if (!this.current) {
      const loading = SchemaCache.load(this.db);
      this.current = loading;
      loading.catch(() => {
        if (this.current === loading) this.current = undefined;
      });
    }
    return this.current;
  }

  /** Runs `fn` against the cache; a schema miss reloads the cache and tries once more. */
  async use<T>(fn: (cache: SchemaCache) => T | Promise<T>): Promise<T> {
    const generation = this.generation;
    try {
      return await fn(await this.get());
    } catch (error) {
      if (!(error instanceof PgrstError) || !missCodes.has(error.code)) throw error;
      if (generation === this.generation) this.invalidate();
      return fn(await this.get());
    }
  }
}
