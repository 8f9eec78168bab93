// Seeded fault injection for the newer sync paths: message.markRead@2 entries queued offline and
// replayed under write faults (docs/decisions/mark-read-up-to.md), and the reconciliation that removes
// rows leaving the user's view while reads fail (docs/decisions/mirror-scope-removal.md).
// SYNC_FUZZ_RUNS sets the number of seeds per test.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { directConversationKey, houseConversationKey } from '../../../src/db/conversation-key.ts';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import type { ServerRecord } from '../../../src/remote/sync-port.ts';
import { applyServerRows } from '../../../src/sync/apply-server-rows.ts';
import { markConversationRead } from '../../../src/sync/commands/message-mark-read.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../../src/sync/engine.ts';
import { killSwitch, sleep } from './support/kill-switch.ts';
import { createMemoryRemote, createMemoryServer, houseReadKey, serverTable, WRITE_FAULT_WEIGHTS, type MemoryRemoteOptions, type MemoryServer, type ReadFault } from './support/memory-remote.ts';
import { pickWeighted, seededRandom, seededUuid } from './support/seeded-random.ts';

const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? 15);

// What a failed read is; how often reads fail is drawn per session (a flaky hour, a bad minute).
const readFaults: [ReadFault, number][] = [
  ['network', 0.45],
  ['server-error', 0.4],
  ['hang', 0.15],
];
const readFaultRates = [0.03, 0.08, 0.25];

const quietEngine = (options: SyncEngineOptions): SyncEngine =>
  createSyncEngine({ realtimeTables: [], pushDebounceMs: 60_000, pullDebounceMs: 60_000, ...options });

/** A message written by `sender` through the server (which sets created_at, updated_at, version). */
async function say(server: MemoryServer, random: () => number, sender: string, row: ServerRecord): Promise<ServerRecord> {
  const [stored] = await createMemoryRemote(server).upsert('messages', [{ id: seededUuid(random), sender_id: sender, receiver_id: null, property_id: null, read_at: null, text: 'hi', ...row }], { onConflict: 'id', ignoreDuplicates: true });
  return stored!;
}

describe('message.markRead@2 replayed under injected faults', () => {
  it(`never marks read past the point an entry carries, one queued entry per conversation (${RUNS} seeded runs)`, async () => {
    let totalKills = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const random = seededRandom(seed);
      const server = createMemoryServer();
      const me = seededUuid(random);
      const others = [seededUuid(random), seededUuid(random)];
      const house = seededUuid(random);
      const dbName = `fuzz-read-${seed}`;
      const conversations = [
        ...others.map((other) => ({ key: directConversationKey(other), args: { otherUserId: other }, row: (sender: string) => ({ receiver_id: sender === me ? other : me, conversation_type: 'host_guest' }), others: [other] })),
        { key: houseConversationKey(house), args: { propertyId: house }, row: () => ({ property_id: house, conversation_type: 'house' }), others },
      ];
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
      const arrive = async (isSeen: boolean) => {
        const conversation = pick(conversations);
        const sender = random() < 0.25 ? me : pick(conversation.others);
        const row = await say(server, random, sender, conversation.row(sender));
        if (isSeen) await applyServerRows(db, 'messages', [row], { userId: me });
      };
      // The furthest point queued per conversation: what the server must end up marking, no further.
      const readPoint = new Map<string, string>();
      const openChat = async (engine: SyncEngine) => {
        const conversation = pick(conversations);
        const shown = (await db.messages.where('[conversation_key+created_at]').between([conversation.key, ''], [conversation.key, '\uffff']).toArray()).filter((m) => m.sender_id !== me);
        if (shown.length === 0) return;
        // Any message the chat showed: a stale screen may carry an older point than one already queued.
        const upTo = pick(shown).created_at;
        await engine.run(markConversationRead, { ...conversation.args, upTo });
        const previous = readPoint.get(conversation.key);
        if (!previous || Date.parse(previous) < Date.parse(upTo)) readPoint.set(conversation.key, upTo);
      };
      const queuedPerConversation = async () => {
        const counts = new Map<string, number>();
        for (const entry of await db._outbox.where('status').equals('queued').toArray()) counts.set(entry.entityId, (counts.get(entry.entityId) ?? 0) + 1);
        return Math.max(0, ...counts.values());
      };

      // Offline: messages arrive and are seen, chats are opened, and more arrive that nobody sees.
      let db = new AppDb(me, { name: dbName });
      const offline = quietEngine({ db, userId: me, remote: createMemoryRemote(server, { userId: me }), scopes: [] });
      for (let i = 0; i < 6 + Math.floor(random() * 6); i += 1) await arrive(true);
      for (let i = 0; i < 3 + Math.floor(random() * 5); i += 1) {
        await openChat(offline);
        if (random() < 0.5) await arrive(random() < 0.5);
      }
      for (let i = 0; i < 3; i += 1) await arrive(false);
      const entries = await db._outbox.toArray();
      expect(entries.map((entry) => entry.entityId).sort(), `seed ${seed}: one entry per conversation`).toEqual([...readPoint.keys()].sort());
      for (const entry of entries) expect((entry.args as { upTo: string }).upTo, `seed ${seed}: the later point wins`).toBe(readPoint.get(entry.entityId));
      db.close();

      // Online under faults; a client whose request hangs is killed and a new one starts on its data.
      let isDrained = false;
      for (let generation = 0; generation < 50 && !isDrained; generation += 1) {
        const kill = killSwitch();
        db = new AppDb(me, { name: dbName });
        const remote = createMemoryRemote(server, {
          userId: me,
          faultFor: ({ kind }) => {
            if (kind !== 'rpc') return 'none';
            const fault = pickWeighted(random, WRITE_FAULT_WEIGHTS);
            if (fault === 'hang-after-commit' || fault === 'hang-before-commit') kill.pull();
            return fault;
          },
        });
        const engine = quietEngine({ db, userId: me, remote, random, scopes: [], backoff: { baseMs: 1, capMs: 4 } });
        await engine.start();
        // The user opens a chat again as the app comes back (collapsing with entries left by the killed client).
        if (random() < 0.4) {
          await arrive(true);
          await openChat(engine);
          expect(await queuedPerConversation(), `seed ${seed}: queued entries collapse per conversation`).toBeLessThanOrEqual(1);
        }
        for (let round = 0; round < 500; round += 1) {
          if ((await Promise.race([engine.pushNow().then(() => 'drained' as const), kill.killed])) === 'killed') break;
          if ((await db._outbox.count()) === 0) {
            isDrained = true;
            break;
          }
          if (random() < 0.2) await arrive(false);
          await sleep(1);
        }
        if (!isDrained) totalKills += 1;
        // Its listeners die with the tab; work it had under way fails on the closed database.
        engine.stop().catch(() => {});
        db.close();
      }
      expect(isDrained, `seed ${seed}: queue drained`).toBe(true);

      // Exactly the messages from the other person up to the furthest point queued are read.
      const messages = [...serverTable(server, 'messages').values()];
      for (const other of others) {
        const point = readPoint.get(directConversationKey(other));
        const expected = (m: ServerRecord) => m.sender_id === other && m.receiver_id === me && point !== undefined && Date.parse(String(m.created_at)) <= Date.parse(point);
        const thread = messages.filter((m) => (m.sender_id === other && m.receiver_id === me) || (m.sender_id === me && m.receiver_id === other));
        const wrong = thread.filter((m) => (m.read_at !== null) !== expected(m));
        expect(wrong.map((m) => ({ created_at: m.created_at, read: m.read_at !== null, point })), `seed ${seed}: read marks in dm:${other}`).toEqual([]);
      }
      const cursor = serverTable(server, 'house_chat_reads').get(houseReadKey(house, me))?.last_read_at;
      expect(cursor, `seed ${seed}: house chat cursor`).toBe(readPoint.get(houseConversationKey(house)));
      await deleteAppDb(dbName);
    }
    // The faults really happened: some clients were killed mid-request and replaced.
    expect(totalKills).toBeGreaterThan(RUNS / 10);
  }, 600_000);
});

describe('reconciliation while rows leave the view and reads fail', () => {
  it(`never removes a visible row or an unsent write, and removes every row that left once faults stop (${RUNS} seeded runs)`, async () => {
    let totalKills = 0;
    let totalRemovedUnderFaults = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const random = seededRandom(1_000 + seed);
      const server = createMemoryServer();
      const me = seededUuid(random);
      const partners = [seededUuid(random), seededUuid(random)];
      const houses = [seededUuid(random), seededUuid(random)];
      const members = new Set(houses);
      const dbName = `fuzz-scope-${seed}`;
      const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

      // RLS as the stand-in has it: listings unless deleted (the host's tombstone is not the guest's to
      // read); direct messages of the sender and receiver; house chat of members, and one's own.
      const canRead: MemoryRemoteOptions['canRead'] = (table, row) => {
        if (table === 'properties') return row.deleted_at === null;
        if (table !== 'messages') return true;
        if (row.conversation_type === 'house') return members.has(String(row.property_id)) || row.sender_id === me;
        return row.sender_id === me || row.receiver_id === me;
      };
      const summaries = () => [
        ...[...members].map((propertyId) => ({ conversation_type: 'house', property_id: propertyId, other_user_name: 'House', unread_count: 0 })),
        ...partners.map((other) => ({ conversation_type: 'host_guest', other_user_id: other, other_user_name: 'Partner', unread_count: 0 })),
      ];
      /** What the mirror should hold: readable, live, and in a scope (house chat only of houses the user is in). */
      const isVisible = (table: 'properties' | 'messages', id: string) => {
        const row = serverTable(server, table).get(id);
        if (!row || row.deleted_at !== null || !canRead(table, row)) return false;
        return table === 'properties' || row.conversation_type !== 'house' || members.has(String(row.property_id));
      };

      const arrive = async () => {
        if (random() < 0.5) {
          const other = pick(partners);
          const isMine = random() < 0.4;
          await say(server, random, isMine ? me : other, { receiver_id: isMine ? other : me, conversation_type: 'host_guest' });
        } else {
          await say(server, random, random() < 0.3 ? me : pick(partners), { property_id: pick(houses), conversation_type: 'house' });
        }
      };
      for (let i = 0; i < 8; i += 1) await arrive();
      const listings: string[] = [];
      for (let i = 0; i < 5; i += 1) {
        const [row] = await createMemoryRemote(server).upsert('properties', [{ id: seededUuid(random), host_id: pick(partners), name: `Villa ${i}`, city: 'Lisbon', country: 'Portugal' }], { onConflict: 'id', ignoreDuplicates: true });
        listings.push(String(row!.id));
      }
      const held = async () => new Set([...(await db.messages.toCollection().primaryKeys()), ...(await db.properties.toCollection().primaryKeys())]);

      /** Something on the server takes a row out of the user's view (or a new message arrives). */
      const happen = async () => {
        const messages = [...serverTable(server, 'messages').values()].filter((m) => m.deleted_at === null && m.id !== failedWrite);
        const event = pick(['arrive', 'hard-delete', 'retract', 'listing-deleted', 'stay-ended'] as const);
        if (event === 'arrive') await arrive();
        else if (event === 'hard-delete' && messages.length) serverTable(server, 'messages').delete(String(pick(messages).id));
        else if (event === 'retract' && messages.length) await createMemoryRemote(server).update('messages', { deleted_at: new Date(0).toISOString() }, { id: String(pick(messages).id) });
        else if (event === 'listing-deleted') await createMemoryRemote(server).update('properties', { deleted_at: new Date(0).toISOString() }, { id: pick(listings) });
        else if (event === 'stay-ended' && members.size) members.delete(pick([...members]));
      };

      // Start-up sync; reads fail at random, a hung read kills the client. Returns false when killed.
      const startUpSync = async (faults: boolean): Promise<boolean> => {
        const kill = killSwitch();
        const faultRate = pick(readFaultRates);
        db.close();
        db = new AppDb(me, { name: dbName });
        const remote = createMemoryRemote(server, {
          userId: me,
          canRead,
          summaries,
          // The device's own writes never get through: they stay unsent for the whole run.
          faultFor: ({ kind }) => (kind === 'upsert' ? 'network-before-commit' : 'none'),
          readFaultFor: () => {
            if (!faults) return 'none';
            // Rows also leave the view while the sync runs.
            if (random() < 0.05) void happen();
            if (random() >= faultRate) return 'none';
            faultsInjected += 1;
            const fault = pickWeighted(random, readFaults);
            if (fault === 'hang') kill.pull();
            return fault;
          },
        });
        const engine = quietEngine({ db, userId: me, remote, random, backoff: { baseMs: 60_000, capMs: 60_000 } });
        await engine.start();
        const outcome = await Promise.race([engine.pullNow().then(() => 'synced' as const), kill.killed]);
        if (outcome === 'synced') {
          await engine.stop();
          return true;
        }
        // A killed client is abandoned (its hung request never answers); the test reads a new handle.
        totalKills += 1;
        // Its listeners die with the tab; work it had under way fails on the closed database.
        engine.stop().catch(() => {});
        db.close();
        db = new AppDb(me, { name: dbName });
        return false;
      };

      let db = new AppDb(me, { name: dbName });
      await startUpSync(false);
      await quietEngine({ db, userId: me, remote: createMemoryRemote(server), scopes: [] }).cacheServerRows('properties', listings.map((id) => serverTable(server, 'properties').get(id)!));
      // Unsent writes: a house message and a direct message queued offline, and a failed write held
      // against a server message that is then hard-deleted.
      const offline = quietEngine({ db, userId: me, remote: createMemoryRemote(server), scopes: [] });
      const unsent = [
        (await offline.run(sendMessage, { id: seededUuid(random), conversationType: 'house', propertyId: houses[0]!, text: 'queued offline' })).entityId,
        (await offline.run(sendMessage, { id: seededUuid(random), conversationType: 'host_guest', receiverId: partners[0]!, text: 'queued offline' })).entityId,
      ];
      const failedWrite = String([...serverTable(server, 'messages').values()].find((m) => m.conversation_type !== 'house')?.id ?? '');
      if (failedWrite) {
        await db._outbox.add({
          id: seededUuid(random), name: 'message.send@1', entity: 'messages', entityId: failedWrite, args: {}, before: null,
          status: 'failed', attempts: 1, nextAttemptAt: 0, lastError: { kind: 'permanent', code: '42501', message: 'refused' }, createdAt: 0,
        });
        serverTable(server, 'messages').delete(failedWrite);
      }
      const protectedIds = new Set([...unsent, failedWrite]);
      const expectUnsentKept = async (when: string) => {
        const rows = await db.messages.bulkGet(unsent);
        expect(rows.map((row) => row?._status), `seed ${seed} ${when}: unsent writes kept`).toEqual(['pending', 'pending']);
        if (failedWrite) expect(await db.messages.get(failedWrite), `seed ${seed} ${when}: failed write kept`).toBeDefined();
      };

      const goneForGood = new Set<string>();
      let faultsInjected = 0;
      const tableOf = (id: string) => (listings.includes(id) ? 'properties' : 'messages');
      for (let session = 0; session < 4; session += 1) {
        for (let i = 0; i < 1 + Math.floor(random() * 3); i += 1) await happen();
        const before = await held();
        faultsInjected = 0;
        await startUpSync(true);
        const after = await held();
        // Events only ever take rows out of view, so a row visible now was visible all along.
        const lost = [...before].filter((id) => !protectedIds.has(id) && isVisible(tableOf(id), id) && !after.has(id));
        expect(lost, `seed ${seed} session ${session}: visible rows removed`).toEqual([]);
        const back = [...goneForGood].filter((id) => after.has(id));
        expect(back, `seed ${seed} session ${session}: removed rows back`).toEqual([]);
        await expectUnsentKept(`session ${session}`);
        if (faultsInjected > 0) totalRemovedUnderFaults += [...before].filter((id) => !after.has(id)).length;
        for (const id of [...before, ...after]) if (!protectedIds.has(id) && !after.has(id) && !isVisible(tableOf(id), id)) goneForGood.add(id);
      }

      // Faults stop: one start-up sync and the mirror is exactly what the user may see, plus unsent work.
      expect(await startUpSync(false)).toBe(true);
      const final = [...(await held())].filter((id) => !protectedIds.has(id)).sort();
      const visible = [...listings.filter((id) => isVisible('properties', id)), ...[...serverTable(server, 'messages').keys()].filter((id) => isVisible('messages', id))].sort();
      expect(final, `seed ${seed}: after the first sync without faults`).toEqual(visible);
      await expectUnsentKept('at the end');
      db.close();
      await deleteAppDb(dbName);
    }
    expect(totalKills).toBeGreaterThan(RUNS / 10);
    // Removals also happened in sessions whose reads failed, not only in the last clean sync.
    expect(totalRemovedUnderFaults).toBeGreaterThan(RUNS);
  }, 600_000);
});
