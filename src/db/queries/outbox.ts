import type { AppDb } from '../db.ts';

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
