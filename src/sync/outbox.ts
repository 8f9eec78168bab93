// Outbox state transitions. Every function is one Dexie transaction, so a crash leaves either the
// old state or the new one.
import * as v from 'valibot';
import type { AppDb } from '../db/db.ts';
import type { OutboxEntry, OutboxError, SyncedRows, SyncedTableName } from '../db/tables.ts';
import type { AnyCommand, Command, CommandContext } from './commands/command.ts';

function commandTables(db: AppDb, command: AnyCommand | Command<unknown>): string[] {
  return [...new Set([...command.tables(db), db._outbox.name])];
}

/**
 * Validates the args, writes the optimistic row and the outbox entry in ONE transaction: if any step
 * throws, nothing is written. A validation failure throws a valibot ValiError to the caller.
 * A command with `collapse` replaces its still-queued entry for the same entity instead of adding one.
 */
export async function enqueue<A>(db: AppDb, command: Command<A>, input: unknown, ctx: CommandContext, entryId: string, now: number): Promise<OutboxEntry> {
  const parsed = v.parse(command.schema, input);
  return db.transaction('rw', commandTables(db, command as Command<unknown>), async () => {
    const entityId = command.entityId(parsed, ctx);
    const applied = await command.applyLocal(db, parsed, ctx);
    let args = parsed;
    let before = applied;
    if (command.collapse) {
      // Collapsible commands (mark-read): one queued entry per entity, the first snapshot kept.
      const queued = (await db._outbox.where('[entity+entityId]').equals([command.entity, entityId]).toArray())
        .filter((other) => other.name === command.name && other.status === 'queued')
        .sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      for (const other of queued) {
        const previous = v.safeParse(command.schema, other.args);
        if (previous.success) args = command.collapse(previous.output, args);
      }
      if (queued.length > 0) {
        before = queued[0]!.before;
        await db._outbox.bulkDelete(queued.map((other) => other.seq!));
      }
    }
    const entry: OutboxEntry = {
      id: entryId,
      name: command.name,
      entity: command.entity,
      entityId,
      args,
      before,
      status: 'queued',
      attempts: 0,
      nextAttemptAt: now,
      lastError: null,
      createdAt: now,
    };
    entry.seq = await db._outbox.add(entry);
    return entry;
  });
}

/** A crash or a closed tab mid-send leaves entries `sending`; replay them (pushes are idempotent). */
export async function resetInFlight(db: AppDb): Promise<number> {
  return db._outbox.where('status').equals('sending').modify({ status: 'queued' });
}

/** The oldest entry that is not failed: the queue is served strictly in order. */
export function headOfQueue(db: AppDb): Promise<OutboxEntry | undefined> {
  return db._outbox.orderBy('seq').filter((entry) => entry.status !== 'failed').first();
}

/**
 * The head and the queued entries right behind it that can go in the same request: same command,
 * due now, in queue order (failed entries are skipped, as the queue skips them).
 */
export async function nextRun(db: AppDb, head: OutboxEntry, now: number, limit: number, maxWaitMs: number): Promise<OutboxEntry[]> {
  const candidates = await db._outbox.where('seq').aboveOrEqual(head.seq!).filter((entry) => entry.status !== 'failed').limit(limit).toArray();
  return leadingRun(candidates, head.name, now, maxWaitMs);
}

/**
 * The run of command `name` right behind the entry `seq` (none when the entry behind it is another
 * command or not due): what goes next, read while the request before it is out.
 */
export async function runAfter(db: AppDb, seq: number, name: string, now: number, limit: number, maxWaitMs: number): Promise<OutboxEntry[]> {
  const candidates = await db._outbox.where('seq').above(seq).filter((entry) => entry.status !== 'failed').limit(limit).toArray();
  return leadingRun(candidates, name, now, maxWaitMs);
}

/** The candidates up to the first of another command or not due yet. */
function leadingRun(candidates: OutboxEntry[], name: string, now: number, maxWaitMs: number): OutboxEntry[] {
  const end = candidates.findIndex((entry) => entry.name !== name || waitFor(entry, now, maxWaitMs) > 0);
  return end === -1 ? candidates : candidates.slice(0, end);
}

/**
 * How long an entry still waits before it is sent. No retry waits longer than `maxWaitMs` (the backoff's
 * cap), so a longer wait means the device clock went back since the entry was queued or last tried
 * (an hour-off clock corrected by the user, a timezone bug): the entry is due now rather than stuck.
 */
export function waitFor(entry: Pick<OutboxEntry, 'nextAttemptAt'>, now: number, maxWaitMs: number): number {
  const wait = entry.nextAttemptAt - now;
  return wait > maxWaitMs ? 0 : Math.max(wait, 0);
}

/** Marks entries `sending`; returns those still there and not failed (a Delete may have won). */
export async function markSending(db: AppDb, entries: readonly OutboxEntry[]): Promise<OutboxEntry[]> {
  return db.transaction('rw', db._outbox, async () => {
    const current = await db._outbox.bulkGet(entries.map((entry) => entry.seq!));
    const sendable = entries.filter((_entry, index) => current[index] && current[index].status !== 'failed');
    await db._outbox.bulkUpdate(sendable.map((entry) => ({ key: entry.seq!, changes: { status: 'sending' as const } })));
    return sendable;
  });
}

/** Entries of a request that was not answered go back to `queued`, unchanged otherwise. */
export async function requeue(db: AppDb, entries: readonly OutboxEntry[]): Promise<void> {
  await db._outbox.bulkUpdate(entries.map((entry) => ({ key: entry.seq!, changes: { status: 'queued' as const } })));
}

async function otherEntriesFor(db: AppDb, entry: OutboxEntry): Promise<OutboxEntry[]> {
  const entries = await db._outbox.where('[entity+entityId]').equals([entry.entity, entry.entityId]).toArray();
  return entries.filter((other) => other.id !== entry.id);
}

function isSyncedTable(entity: string): entity is SyncedTableName {
  return entity !== 'conversations';
}

/**
 * Removes acknowledged entries in one transaction; a row's pending mark clears when no other entry
 * touches it.
 */
export async function acknowledge(db: AppDb, entries: readonly OutboxEntry[]): Promise<void> {
  const rowTables = [...new Set(entries.map((entry) => entry.entity).filter(isSyncedTable))].map((name) => db.table(name));
  await db.transaction('rw', [db._outbox, ...rowTables], async () => {
    await db._outbox.bulkDelete(entries.map((entry) => entry.seq!));
    const rows = entries.filter((entry) => isSyncedTable(entry.entity)).map((entry) => [entry.entity, entry.entityId]);
    if (rows.length === 0) return;
    const stillQueued = await db._outbox.where('[entity+entityId]').anyOf(rows).toArray();
    const busy = new Set(stillQueued.map((entry) => `${entry.entity}:${entry.entityId}`));
    const settledByTable = new Map<SyncedTableName, string[]>();
    for (const [entity, entityId] of rows as [SyncedTableName, string][]) {
      if (busy.has(`${entity}:${entityId}`)) continue;
      settledByTable.set(entity, [...(settledByTable.get(entity) ?? []), entityId]);
    }
    for (const [table, ids] of settledByTable) {
      await db.table<SyncedRows[SyncedTableName], string>(table).bulkUpdate(ids.map((id) => ({ key: id, changes: { _status: undefined, _error: undefined } })));
    }
  });
}

/** A retryable failure: back to `queued`, next attempt at `nextAttemptAt`. */
export async function scheduleRetry(db: AppDb, entry: OutboxEntry, error: OutboxError, nextAttemptAt: number, countsAsAttempt: boolean): Promise<void> {
  await db._outbox.update(entry.seq!, {
    status: 'queued',
    attempts: entry.attempts + (countsAsAttempt ? 1 : 0),
    nextAttemptAt,
    lastError: error,
  });
}

/**
 * The network is back (an `online` event, the app visible again, a realtime rejoin, a pull that
 * went through): queued entries waiting out a backoff built up by *network* failures become due now,
 * with their attempts reset, so the next failure backs off from the start again. Entries backing off
 * after a 5xx or a 429 keep their wait: there the server asked for it, not the connection.
 * Returns how many entries were made due.
 */
export async function resumeAfterNetworkFailure(db: AppDb, now: number): Promise<number> {
  return db._outbox
    .where('status')
    .equals('queued')
    .filter((entry) => entry.lastError?.kind === 'network' && (entry.nextAttemptAt > now || entry.attempts > 0))
    .modify({ nextAttemptAt: now, attempts: 0 });
}

/**
 * A permanent failure: the entry becomes `failed` (kept for Retry / Delete under Unsent changes) and
 * the queue moves on. The row is restored to its snapshot, or marked failed where the command keeps it
 * visible (a message bubble). With a later entry for the same row still queued, the row keeps that
 * entry's optimistic state, and that entry inherits this one's snapshot: should it fail too, the row
 * goes back to what it was before both (docs/decisions/refused-and-conflicting-writes.md).
 * An entry whose command is unknown (an app update removed it) cannot be undone: its row waits for the
 * server's copy.
 */
export async function markFailed(db: AppDb, entry: OutboxEntry, command: AnyCommand | undefined, error: OutboxError, ctx: CommandContext): Promise<void> {
  const tables = command ? commandTables(db, command) : [db._outbox.name];
  await db.transaction('rw', tables, async () => {
    const current = await db._outbox.get(entry.seq!);
    // A Delete won the race, or a pull rebased the snapshot (rebaseSnapshots): work from what is stored.
    if (!current) return;
    let isRolledBack = false;
    if (command?.onPermanentFailure === 'rollback') {
      const later = (await otherEntriesFor(db, current)).filter((other) => other.status !== 'failed' && (other.seq ?? 0) > (current.seq ?? 0)).sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
      if (later.length === 0) await command.rollback(db, current.args as never, current.before, ctx);
      else await db._outbox.update(later[0]!.seq!, { before: current.before });
      isRolledBack = true;
    } else if (command && isSyncedTable(entry.entity)) {
      await db.table<SyncedRows[SyncedTableName], string>(entry.entity).update(entry.entityId, { _status: 'failed', _error: error.message });
    }
    await db._outbox.update(entry.seq!, { status: 'failed', lastError: error, rolledBack: isRolledBack });
  });
}

/**
 * Server rows that arrived for rows with a write in flight were left alone (the local intent stays until
 * acknowledged), and the pull's cursor has moved past them. They become the snapshot the entries restore
 * if refused, so a rollback shows the server's newest row, not the one from before the write. Called
 * inside applyServerRows' transaction, with the skipped rows already in local shape.
 */
export async function rebaseSnapshots(db: AppDb, entity: SyncedTableName, rows: readonly { id: string; _v: number; deleted_at: string | null }[]): Promise<void> {
  if (rows.length === 0) return;
  const byId = new Map(rows.map((row) => [row.id, row]));
  const entries = await db._outbox.where('[entity+entityId]').anyOf(rows.map((row) => [entity, row.id])).toArray();
  const changes = entries.flatMap((entry) => {
    const row = byId.get(entry.entityId)!;
    const snapshotVersion = (entry.before as { _v?: number } | null)?._v ?? -1;
    // A tombstone: restoring means the row is gone.
    return entry.status !== 'failed' && row._v > snapshotVersion ? [{ key: entry.seq!, changes: { before: row.deleted_at === null ? row : null } }] : [];
  });
  if (changes.length) await db._outbox.bulkUpdate(changes);
}

/**
 * Queues a failed entry again, at the end of the queue, re-applying its optimistic write (a re-sent
 * message moves to the bottom of its thread, as a new send would).
 */
export async function retryEntry(db: AppDb, entryId: string, command: AnyCommand, ctx: CommandContext, now: number): Promise<boolean> {
  return db.transaction('rw', commandTables(db, command), async () => {
    const entry = await db._outbox.where('id').equals(entryId).first();
    if (!entry || entry.status !== 'failed') return false;
    await db._outbox.delete(entry.seq!);
    const before = await command.applyLocal(db, entry.args as never, ctx);
    const { seq: _seq, ...rest } = entry;
    await db._outbox.add({ ...rest, before, status: 'queued', attempts: 0, nextAttemptAt: now, lastError: null, rolledBack: false });
    return true;
  });
}

/**
 * Drops a queued or failed entry and undoes its optimistic write (a pending message deleted before
 * it was sent, a failed one the user gives up on). An entry being sent cannot be withdrawn.
 */
export async function discardEntry(db: AppDb, entryId: string, command: AnyCommand | undefined, ctx: CommandContext): Promise<boolean> {
  const tables = command ? commandTables(db, command) : [db._outbox.name];
  return db.transaction('rw', tables, async () => {
    const entry = await db._outbox.where('id').equals(entryId).first();
    if (!entry || entry.status === 'sending') return false;
    await db._outbox.delete(entry.seq!);
    if (command && !entry.rolledBack) await command.rollback(db, entry.args as never, entry.before, ctx);
    return true;
  });
}

/** The entry behind a row's pending / failed state (newest first), e.g. a message bubble's Retry. */
export async function latestEntryFor(db: AppDb, entity: OutboxEntry['entity'], entityId: string): Promise<OutboxEntry | undefined> {
  const entries = await db._outbox.where('[entity+entityId]').equals([entity, entityId]).toArray();
  return entries.sort((a, b) => (b.seq ?? 0) - (a.seq ?? 0))[0];
}
