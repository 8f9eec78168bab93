// Seeded fault injection: answers lost after commit, duplicated deliveries, 5xx, no answer, and
// clients killed mid-send. Every queued message must reach the server exactly once, in order per sender;
// profile edits queued between them (profile.update@2) end with the last value, and a replay of the
// user's own write is never reported as a change kept from another device.
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import type { SyncNotice } from '../../../src/sync/commands/command.ts';
import { sendMessage } from '../../../src/sync/commands/message-send.ts';
import { updateProfile } from '../../../src/sync/commands/profile-update.ts';
import { createSyncEngine, type SyncEngine } from '../../../src/sync/engine.ts';
import { sleep } from './support/kill-switch.ts';
import { createMemoryRemote, createMemoryServer, WRITE_FAULT_WEIGHTS, type Fault, type MemoryServer } from './support/memory-remote.ts';
import { pickWeighted, seededRandom, seededUuid } from './support/seeded-random.ts';

const RUNS = Number(process.env.SYNC_FUZZ_RUNS ?? 200);
const pickFault = (random: () => number): Fault => pickWeighted(random, WRITE_FAULT_WEIGHTS);

interface Client {
  userId: string;
  dbName: string;
  sent: string[];
  kills: number;
  /** the bio of the last queued profile edit */
  lastBio: string | null;
  notices: SyncNotice[];
}

/** Runs one sender until its outbox is empty, replacing the client whenever it is killed mid-request. */
async function deliverAll(server: MemoryServer, client: Client, random: () => number): Promise<AppDb> {
  for (let generation = 0; generation < 50; generation += 1) {
    let onKilled: () => void = () => {};
    const killed = new Promise<'killed'>((resolve) => (onKilled = () => resolve('killed')));
    const db = new AppDb(client.userId, { name: client.dbName });
    await db.open();
    const remote = createMemoryRemote(server, {
      userId: client.userId,
      faultFor: ({ table }) => {
        if (table !== 'messages' && table !== 'update_own_profile') return 'none';
        const fault = pickFault(random);
        if (fault === 'hang-after-commit' || fault === 'hang-before-commit') queueMicrotask(onKilled);
        return fault;
      },
    });
    const engine: SyncEngine = createSyncEngine({ db, userId: client.userId, remote, random, scopes: [], realtimeTables: [], pushDebounceMs: 60_000, backoff: { baseMs: 1, capMs: 4 } });
    engine.subscribeNotices((notice) => client.notices.push(notice));
    await engine.start();
    for (let round = 0; round < 500; round += 1) {
      const outcome = await Promise.race([engine.pushNow().then(() => 'drained' as const), killed]);
      if (outcome === 'killed') break;
      if ((await db._outbox.count()) === 0) {
        await engine.stop();
        return db;
      }
      await sleep(1);
    }
    // Killed: abandon this client (its request never answers) and start a new one on the same data.
    client.kills += 1;
    // Its listeners die with the tab; the hung request is never answered.
    void engine.stop();
    db.close();
  }
  throw new Error(`${client.userId}: queue never drained`);
}

describe('outbox under injected faults', () => {
  it(`delivers every message exactly once, in order per sender (${RUNS} seeded runs)`, async () => {
    let totalKills = 0;
    for (let seed = 1; seed <= RUNS; seed += 1) {
      const random = seededRandom(seed);
      const server = createMemoryServer();
      const clients: Client[] = [0, 1].map((index) => ({ userId: seededUuid(random), dbName: `fuzz-${seed}-${index}`, sent: [], kills: 0, lastBio: null, notices: [] }));
      const profiles = new Map(clients.map((client) => [client.userId, { id: client.userId, name: 'Fuzz', bio: null, created_at: '2025-06-01T00:00:00.000Z', updated_at: '2025-06-01T00:00:00.000Z', version: 1, deleted_at: null }]));
      server.tables.set('profiles', profiles);
      // Queue every message while "offline", then let both senders deliver concurrently.
      for (const client of clients) {
        const db = new AppDb(client.userId, { name: client.dbName });
        const engine = createSyncEngine({ db, userId: client.userId, remote: createMemoryRemote(server), scopes: [], realtimeTables: [] });
        const count = 3 + Math.floor(random() * 8);
        for (let i = 0; i < count; i += 1) {
          const id = seededUuid(random);
          await engine.run(sendMessage, { id, conversationType: 'house', propertyId: clients[0]!.userId, text: `${seed}:${i}` });
          client.sent.push(id);
          // Now and then a profile edit between the messages, based on the previous edit.
          if (random() < 0.3) {
            const bio = `${seed}:${i}`;
            await engine.run(updateProfile, { patch: { bio }, base: { bio: client.lastBio } });
            client.lastBio = bio;
          }
        }
        db.close();
      }
      const dbs = await Promise.all(clients.map((client) => deliverAll(server, client, random)));

      const log = server.log.get('messages') ?? [];
      const rows = server.tables.get('messages')!;
      for (const [index, client] of clients.entries()) {
        const delivered = log.filter((id) => rows.get(id)?.sender_id === client.userId);
        expect(delivered, `seed ${seed}, sender ${index}`).toEqual(client.sent);
        const local = await dbs[index]!.messages.bulkGet(client.sent);
        expect(local.every((row) => row !== undefined && row._status === undefined), `seed ${seed}: pending marks cleared`).toBe(true);
        expect(server.tables.get('profiles')!.get(client.userId)?.bio ?? null, `seed ${seed}: last profile edit`).toBe(client.lastBio);
        expect(client.notices.flatMap((notice) => (notice.kind === 'profile-saved' ? notice.kept : [notice.kind])), `seed ${seed}: own replays are not conflicts`).toEqual([]);
        totalKills += client.kills;
        dbs[index]!.close();
        await deleteAppDb(client.dbName);
      }
      expect(log).toHaveLength(clients.reduce((n, client) => n + client.sent.length, 0));
    }
    // The faults really happened: some clients were killed mid-request and replaced.
    expect(totalKills).toBeGreaterThan(RUNS / 10);
  }, 600_000);
});
