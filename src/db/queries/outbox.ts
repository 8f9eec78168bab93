import type { AppDb } from '../db.ts';
import type { OutboxEntity, OutboxEntry } from '../tables.ts';

export interface OutboxCounts {
  /** queued or in flight */
  pending: number;
  failed: number;
}

export async function countOutbox(db: AppDb): Promise<OutboxCounts> {
  const [pending, failed] = await Promise.all([
    db._outbox.where('status').anyOf('queued', 'sending').count(),
    db._outbox.where('status').equals('failed').count(),
  ]);
  return { pending, failed };
}

export const DEFAULT_OUTBOX_LIMIT = 100;

export function listFailedEntries(db: AppDb, limit = DEFAULT_OUTBOX_LIMIT): Promise<OutboxEntry[]> {
  return db._outbox.where('status').equals('failed').limit(limit).toArray();
}

/** The queued writes touching one row, oldest first (its pending / failed state). */
export async function listEntriesFor(db: AppDb, entity: OutboxEntity, entityId: string): Promise<OutboxEntry[]> {
  const entries = await db._outbox.where('[entity+entityId]').equals([entity, entityId]).limit(DEFAULT_OUTBOX_LIMIT).toArray();
  return entries.sort((a, b) => (a.seq ?? 0) - (b.seq ?? 0));
}
