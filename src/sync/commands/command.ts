import type * as v from 'valibot';
import type { AppDb } from '../../db/db.ts';
import type { OutboxEntity, OutboxError } from '../../db/tables.ts';
import type { ServerRecord, SyncRemote } from '../../remote/sync-port.ts';
import type { SyncedTableName } from '../../db/tables.ts';

export interface CommandContext {
  userId: string;
  /** the client clock, as an ISO timestamp, for optimistic rows (the server sets the real ones) */
  nowIso: string;
  /**
   * When a push: the client clock (ms) at which the entry was first queued, for an older command
   * version whose args carry no decision time (room.setAvailability@1).
   */
  queuedAt?: number;
}

/**
 * What an acknowledged write tells the UI (which words it): a profile write went through, with the
 * fields the server kept from another device (docs/decisions/profile-writes-and-conflicts.md).
 */
export type SyncNotice =
  | { kind: 'profile-saved'; kept: readonly string[] }
  /** a room toggle decided before another device's: the server kept `isAvailable` (the other device's) */
  | { kind: 'room-availability-kept'; roomName: string; isAvailable: boolean };

/**
 * A refused write in words, for the list of unsent changes (docs/decisions/refused-and-conflicting-writes.md):
 * why the server refused it, and whether sending it again could succeed.
 */
export interface Refusal {
  reason: string;
  canRetry: boolean;
}

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
  /**
   * On a permanent failure: restore the snapshot (the row no longer says the write happened), or keep
   * the row visible as failed where it stands for itself (a message bubble: "Not sent · Retry · Delete").
   */
  onPermanentFailure: 'mark-failed' | 'rollback';
  /**
   * Its answer can carry a notice the user must read (another device's later change was kept): sent only
   * by an engine that shows notices (the page), never by the service worker's push-only run.
   */
  mayTellTheUser?: true;
  rollback(db: AppDb, args: A, before: unknown, ctx: CommandContext): Promise<void>;
  /** The write in words, from what the device holds: "Review of Casa Azul", "Garden Room: Unavailable". */
  describe(db: AppDb, args: A): Promise<string>;
  /** Why the server refused it, in words (default: refusals.ts `defaultRefusal`). */
  refusal?(error: OutboxError): Refusal;
}

// Commands are stored by name; the registry erases their argument types.
export type AnyCommand = Command<never>;

export function defineCommand<A>(command: Command<A>): Command<A> {
  return command;
}
