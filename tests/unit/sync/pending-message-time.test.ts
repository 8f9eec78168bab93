import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pendingMessageTime } from '../../../src/sync/commands/message-send.ts';
import { freshDb, messageRow, minute } from '../db/fixtures.ts';

// docs/decisions/device-clock-skew.md: a message written now sorts below what the conversation shows.
describe('when a pending message sorts', () => {
  it('uses the (server-corrected) clock when it is past the latest message', async () => {
    const db = await freshDb();
    await db.messages.put(messageRow({ id: 'm1', conversation_key: 'direct:ana', created_at: minute(1) }));
    expect(await pendingMessageTime(db, 'direct:ana', minute(5))).toBe(minute(5));
  });

  it('comes right after the latest message when the clock says earlier', async () => {
    const db = await freshDb();
    await db.messages.bulkPut([
      messageRow({ id: 'm1', conversation_key: 'direct:ana', created_at: minute(60) }),
      messageRow({ id: 'm2', conversation_key: 'direct:leo', created_at: minute(120) }),
    ]);
    expect(await pendingMessageTime(db, 'direct:ana', minute(0))).toBe(new Date(Date.parse(minute(60)) + 1).toISOString());
  });

  it('uses the clock in an empty conversation', async () => {
    const db = await freshDb();
    expect(await pendingMessageTime(db, 'direct:ana', minute(3))).toBe(minute(3));
  });
});
