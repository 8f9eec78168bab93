// A store's private schema, created on first use (the mailbox's and the push double's): the first call
// runs the SQL, later calls wait on the same run, and a failed run is tried again next time.
import type { Database } from './database.ts';

export function lazySchema(db: Database, schemaSql: string): () => Promise<void> {
  let ready: Promise<void> | undefined;
  return () => {
    ready ??= db.exec(schemaSql).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
}
