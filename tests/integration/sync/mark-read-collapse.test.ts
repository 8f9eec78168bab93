// message.markRead@2 through the sync engine against the stand-in: queued mark-reads of one
// conversation collapse into one entry (the later upTo wins), and a late replay leaves what
// arrived after the user looked unread (docs/decisions/mark-read-up-to.md).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppDb } from '../../../src/db/db.ts';
import { directConversationKey } from '../../../src/db/conversation-key.ts';
import type { SyncRemote } from '../../../src/remote/sync-port.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import { markConversationRead, markConversationReadV1 } from '../../../src/sync/commands/message-mark-read.ts';
import { createSyncEngine } from '../../../src/sync/engine.ts';
import { markSending } from '../../../src/sync/outbox.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

describe.each(testEngines)('mark-read collapse and up-to on %s', (engineKind) => {
  let t: TestServer;
  let guest: TestUser;
  let host: TestUser;
  let propertyId: string;

  const remoteFor = (client: SupabaseClient): SyncRemote => createSupabaseSyncRemote(() => Promise.resolve(client));
  const engineFor = (who: TestUser, db: AppDb) =>
    createSyncEngine({ db, userId: who.id, remote: remoteFor(who.client), realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000, backoff: { baseMs: 10, capMs: 50 } });

  /** The host writes to the guest; returns the row as the API sends it (created_at verbatim). */
  async function hostSays(text: string): Promise<{ id: string; created_at: string }> {
    const { data, error } = await host.client
      .from('messages')
      .insert({ id: randomUUID(), sender_id: host.id, receiver_id: guest.id, property_id: propertyId, conversation_type: 'host_guest', text })
      .select('id, created_at')
      .single();
    if (error) throw error;
    return data as { id: string; created_at: string };
  }
  async function readAtOf(id: string): Promise<string | null> {
    const { data, error } = await t.service().from('messages').select('read_at').eq('id', id).single();
    if (error) throw error;
    return (data as { read_at: string | null }).read_at;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
    [guest, host] = await Promise.all([t.signUp('reader@example.com'), t.signUp('writer@example.com')]);
    const { data, error } = await t.service().from('properties').insert({ host_id: host.id, name: 'Casa Lida', city: 'Porto', country: 'Portugal' }).select('id').single();
    if (error) throw error;
    propertyId = (data as { id: string }).id;
    // The guest writes first, so the host may reply.
    const { error: first } = await guest.client.from('messages').insert({ id: randomUUID(), sender_id: guest.id, receiver_id: host.id, property_id: propertyId, conversation_type: 'host_guest', text: 'Is June free?' });
    if (first) throw first;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('collapses two offline mark-reads into one entry and leaves a later message unread', async () => {
    const seen1 = await hostSays('Yes!');
    const seen2 = await hostSays('Shall I hold it?');
    const db = new AppDb(guest.id, { name: `mark-read-${randomUUID()}` });
    const engine = engineFor(guest, db);
    await engine.start();
    await engine.pullNow();
    await engine.stop();
    const key = directConversationKey(host.id);
    expect((await db.conversations.get(key))?.unread_count).toBe(2);

    // Offline: the chat was opened twice (after the first message, then after the second).
    const first = await engine.run(markConversationRead, { otherUserId: host.id, upTo: seen1.created_at });
    expect((await db.conversations.get(key))?.unread_count).toBe(1);
    await engine.run(markConversationRead, { otherUserId: host.id, upTo: seen2.created_at });
    // A late run with an older point does not move the entry back.
    await engine.run(markConversationRead, { otherUserId: host.id, upTo: seen1.created_at });
    const entries = await db._outbox.toArray();
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ name: 'message.markRead@2', entityId: key, status: 'queued', args: { otherUserId: host.id, upTo: seen2.created_at } });
    // The rollback snapshot is the one from before the first mark-read.
    expect(entries[0]!.before).toEqual(first.before);
    expect((await db.conversations.get(key))?.unread_count).toBe(0);

    // A message arrives while the entry waits; then the device comes back online.
    const late = await hostSays('Hello? Still there?');
    await engine.start();
    await engine.pushNow();
    await engine.stop();
    expect(await db._outbox.count()).toBe(0);
    expect(await readAtOf(seen1.id)).not.toBeNull();
    expect(await readAtOf(seen2.id)).not.toBeNull();
    expect(await readAtOf(late.id)).toBeNull();
    db.close();
  });

  it('does not replace an entry already being sent, nor an entry of another version', async () => {
    const seen = await hostSays('Room 2 is ready.');
    const db = new AppDb(guest.id, { name: `mark-read-${randomUUID()}` });
    const engine = engineFor(guest, db);
    await engine.run(markConversationReadV1, { otherUserId: host.id });
    const sending = await engine.run(markConversationRead, { otherUserId: host.id, upTo: seen.created_at });
    await markSending(db, [sending]);
    await engine.run(markConversationRead, { otherUserId: host.id, upTo: seen.created_at });
    const entries = await db._outbox.orderBy('seq').toArray();
    expect(entries.map((entry) => [entry.name, entry.status])).toEqual([
      ['message.markRead@1', 'queued'],
      ['message.markRead@2', 'sending'],
      ['message.markRead@2', 'queued'],
    ]);
    // Both versions still replay.
    await engine.start();
    await engine.pushNow();
    await engine.stop();
    expect(await db._outbox.count()).toBe(0);
    expect(await readAtOf(seen.id)).not.toBeNull();
    db.close();
  });
});
