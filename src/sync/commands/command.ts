import type * as v from 'valibot';
import type { AppDb } from '../../db/db.ts';
import type { OutboxEntity } from '../../db/tables.ts';
import type { ServerRecord, SyncRemote } from '../../remote/sync-port.ts';
import type { SyncedTableName } from '../../db/tables.ts';

export interface CommandContext {
  userId: string;
  /** the client clock, as an ISO timestamp, for optimistic rows (the server sets the real ones) */
  nowIso: string;
}

/**
 * What an acknowledged write tells the UI (which words it): a profile write went through, with the
 * fields the server kept from another device (docs/decisions/profile-writes-and-conflicts.md).
 */
export type SyncNotice = { kind: 'profile-saved'; kept: readonly string[] };

/** What an acknowledged push hands back: server rows to merge (none: the next pull brings them). */
export interface PushResult {
  table: SyncedTableName | null;
  rows: ServerRecord[];
  notice?: SyncNotice;
}

/**
 * A named, versioned write that works offline. `applyLocal` runs inside the enqueue transaction;
 * `push` must be idempotent (replays after a crash mid-send must not duplicate anything).
 */
export interface Command<A> {
  /** `entity.verb@version`; persisted in the outbox, so never repurposed */
  name: string;
  schema: v.GenericSchema<unknown, A>;
  entity: OutboxEntity;
  entityId(args: A, ctx: CommandContext): string;
  /** local tables `applyLocal` / `rollback` write (the enqueue transaction's scope) */
  tables(db: AppDb): string[];
  /** optimistic write; returns the snapshot `rollback` restores */
  applyLocal(db: AppDb, args: A, ctx: CommandContext): Promise<unknown>;
  push(remote: SyncRemote, args: A, ctx: CommandContext): Promise<PushResult>;
  /**
   * Optional: sends consecutive queued entries of this command in one request (one server
   * transaction), all or nothing, with the same idempotency as `push`.
   */
  pushBatch?(remote: SyncRemote, argsList: A[], ctx: CommandContext): Promise<PushResult>;
  /**
   * Optional: makes queued entries of this command collapse. Enqueuing replaces a still-queued (not
   * sending, not failed) entry of the same command for the same entity with one entry whose args are
   * `collapse(queued, next)`; it keeps the first entry's rollback snapshot and goes to the end of the
   * queue (a new entry, so a send already reading the old one cannot acknowledge the new args).
   */
  collapse?(queued: A, next: A): A;
  /** on a permanent failure: keep the row visible as failed (Retry / Delete), or restore the snapshot */
  onPermanentFailure: 'mark-failed' | 'rollback';
  rollback(db: AppDb, args: A, before: unknown, ctx: CommandContext): Promise<void>;
}

// Commands are stored by name; the registry erases their argument types.
export type AnyCommand = Command<never>;

export function defineCommand<A>(command: Command<A>): Command<A> {
  return command;
}
