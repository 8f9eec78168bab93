// Broadcast from the database: every row inserted into realtime.messages (realtime.send(),
// realtime.broadcast_changes(), a plain insert) goes to its topic, private or public, as hosted's
// replication of that table does. bootstrap.sql's trigger notifies the row id after commit.
import type { Database } from '../db/database.ts';
import type { RealtimeHub } from './realtime-hub.ts';

export const broadcastChannel = 'supabase_local_realtime_broadcast';

interface MessageRow {
  topic: string;
  event: string;
  payload: unknown;
  binary_payload: Uint8Array | null;
  private: boolean | null;
}

export async function startDatabaseBroadcast(db: Database, hub: RealtimeHub): Promise<() => Promise<void>> {
  // Rows go out in commit order: each notification waits for the one before.
  let chain: Promise<void> = Promise.resolve();
  const deliver = async (id: string): Promise<void> => {
    const { rows } = await db.query<MessageRow>('select topic, event, payload, binary_payload, private from realtime.messages where id = $1::uuid', [id]);
    const row = rows[0];
    if (!row) return;
    const topic = `realtime:${row.topic}`;
    const isPrivate = row.private === true;
    if (row.binary_payload) hub.sendBinary(topic, null, row.event, row.binary_payload, isPrivate);
    else hub.broadcast(topic, null, { event: row.event, payload: row.payload }, isPrivate);
  };
  return db.listen(broadcastChannel, (id) => {
    chain = chain.then(() => deliver(id)).catch((error: unknown) => console.error('[realtime] database broadcast failed', error));
  });
}
