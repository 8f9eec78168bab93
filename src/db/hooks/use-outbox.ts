import type { OutboxEntity } from '../tables.ts';
import { countOutbox, listEntriesFor, listFailedEntries } from '../queries/outbox.ts';
import { useDbQuery } from './use-db-query.ts';

/** Queued and failed write counts (across tabs: the outbox lives in IndexedDB). */
export function useOutboxCounts() {
  return useDbQuery((db) => countOutbox(db), []);
}

export function useFailedEntries(limit?: number) {
  return useDbQuery((db) => listFailedEntries(db, limit), [limit]);
}

/** The queued writes of one row (e.g. a profile being saved), oldest first. */
export function useEntriesFor(entity: OutboxEntity, entityId: string | null) {
  return useDbQuery(async (db) => (entityId ? listEntriesFor(db, entity, entityId) : []), [entity, entityId]);
}
