import type * as v from 'valibot';
import type { LocalMeta, ServerRow, SyncedRows } from '../../db/tables.ts';
import { defineCommand, type Command, type CommandContext } from './command.ts';

type ReviewTable = 'reviews' | 'property_reviews';

/** The columns a client writes; the server sets the timestamps and the version. */
export type ReviewColumns<T extends ReviewTable> = Omit<SyncedRows[T], Exclude<keyof ServerRow, 'id'> | keyof LocalMeta>;

/**
 * A review the user writes offline: an optimistic row, then an insert keyed by the client id (a replay
 * after a crash is a no-op). A refused review stays visible as failed (Retry / Delete).
 */
export function defineReviewCreate<T extends ReviewTable, A extends { id: string }>({ name, schema, table, columns }: {
  /** `entity.create@version`; persisted in the outbox, so never repurposed */
  name: string;
  schema: v.GenericSchema<unknown, A>;
  table: T;
  columns: (args: A, ctx: CommandContext) => ReviewColumns<T>;
}): Command<A> {
  return defineCommand<A>({
    name,
    schema,
    entity: table,
    entityId: (args) => args.id,
    tables: (db) => [db.table(table).name],
    async applyLocal(db, args, ctx) {
      const row = {
        ...columns(args, ctx),
        created_at: ctx.nowIso,
        updated_at: ctx.nowIso,
        version: 0,
        deleted_at: null,
        _v: 0,
        _status: 'pending',
      } as SyncedRows[T];
      await db.table<SyncedRows[T], string>(table).put(row);
      return null;
    },
    async push(remote, args, ctx) {
      const rows = await remote.upsert(table, [{ ...columns(args, ctx) }], { onConflict: 'id', ignoreDuplicates: true });
      return { table, rows };
    },
    onPermanentFailure: 'mark-failed',
    async rollback(db, args) {
      await db.table(table).delete(args.id);
    },
  });
}
