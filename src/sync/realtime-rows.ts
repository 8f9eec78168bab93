// Realtime for the sync engine: rows merged through the same merge rule in arrival order, each followed by
// a catch-up pull (realtime promises no delivery), and every (re)subscribe treated as a reconnect.
import type { SyncedTableName } from '../db/tables.ts';
import { syncedTableNames } from '../db/tables.ts';
import type { RealtimeStatus, ServerRecord } from '../remote/sync-port.ts';
import { applyServerRows } from './apply-server-rows.ts';
import { shapeContext, type EngineState } from './engine-state.ts';
import { tablesPulledWithEmbeds } from './table-shapes.ts';

/** Realtime tables whose rows the mirror takes only when it holds them already (and that need no catch-up pull). */
const realtimeHeldRowsOnly: ReadonlySet<SyncedTableName> = new Set(['rooms']);

export interface RealtimeHooks {
  /** a row arrived: pull soon to fill names, the inbox and anything missed */
  onRowReceived(): void;
  /** subscribed or re-subscribed: catch up as after a reconnect */
  onSubscribed(): void;
}

export interface RealtimeRows {
  onRow(table: string, row: ServerRecord): void;
  onStatus(status: RealtimeStatus): void;
  /** Resolves once every row received so far is stored. */
  idle(): Promise<unknown>;
}

export function createRealtimeRows(state: EngineState, hooks: RealtimeHooks): RealtimeRows {
  const { db, logger } = state;
  let chain: Promise<unknown> = Promise.resolve();

  function store(apply: () => Promise<void>) {
    chain = chain.then(apply).catch((error: unknown) => logger.warn('Realtime row could not be stored', error));
  }

  return {
    onRow(table, row) {
      if (!(syncedTableNames as readonly string[]).includes(table)) return;
      const synced = table as SyncedTableName;
      if (realtimeHeldRowsOnly.has(synced)) {
        // RLS lets anyone read every listed room; the mirror keeps only its scopes' (held rows are updated).
        store(async () => {
          if (await db.table(synced).get(String(row.id))) await applyServerRows(db, synced, [row], shapeContext(state));
        });
        return;
      }
      // Applied in arrival order; a poke pull then fills names, the inbox and anything missed.
      store(async () => {
        // A row the mirror doesn't hold yet, of a table pulled with embeds, waits for the poke pull below.
        if (tablesPulledWithEmbeds.has(synced) && !(await db.table(synced).get(String(row.id)))) return;
        await applyServerRows(db, synced, [row], shapeContext(state));
      });
      hooks.onRowReceived();
    },

    onStatus(next) {
      // Realtime promises no delivery: every (re)subscribe is followed by a catch-up pull.
      if (next === 'SUBSCRIBED') hooks.onSubscribed();
      else logger.warn(`Realtime ${next}`);
    },

    idle: () => chain,
  };
}
