// The system under test of the sync model (sync-model.test.ts, docs/decisions/sync-model-test.md): one
// user's devices on the real engine, real Dexie (fake-indexeddb) and the stand-in, behind links whose
// network, answers and session the model breaks, plus what the user wrote, to check the invariants against.
// - phone: the app's own session module (local-first-session.ts: sign-in, refusal, account switch);
// - laptop: a second engine of the same user on its own database;
// - worker: the service worker's push-only engine (background-push.ts) taking over the phone's database.
import { randomUUID } from 'node:crypto';
import type { SupabaseClient } from '@supabase/supabase-js';
import { getCurrentDb } from '../../../src/db/current-db.ts';
import { AppDb, databaseNameFor, openAppDb } from '../../../src/db/db.ts';
import { databaseExists, listDatabaseNames } from '../../../src/db/device-data.ts';
import { directConversationKey } from '../../../src/db/conversation-key.ts';
import type { OutboxEntity, OutboxEntry } from '../../../src/db/tables.ts';
import { classifyFailure, RemoteError } from '../../../src/remote/errors.ts';
import type { SyncRemote } from '../../../src/remote/sync-port.ts';
import { createSupabaseSyncRemote } from '../../../src/remote/sync-remote.ts';
import { getActiveEngine } from '../../../src/sync/active-engine.ts';
import type { SyncNotice } from '../../../src/sync/commands/command.ts';
import { createSyncEngine, type SyncEngine, type SyncEngineOptions } from '../../../src/sync/engine.ts';
import { endUserSession, openSession } from '../../../src/sync/local-first-session.ts';
import { createLocalLocks, noTriggers, systemClock, type Clock } from '../../../src/sync/ports.ts';
import { readSealedSession } from '../../../src/sync/sealed-session.ts';
import type { TestServer, TestUser } from '../local/support/start.ts';
import { seededRandom } from './support/seeded-random.ts';

export type DeviceName = 'phone' | 'laptop';

/** What the model does to one device's connection. */
export interface Link {
  isOnline: boolean;
  /** the server refuses the session (a refresh token revoked or expired while offline for days) */
  isRefused: boolean;
  /** faults for the next write requests, in order */
  writeFaults: ('drop-answer' | 'duplicate')[];
  /** the device clock minus the real time */
  clockOffsetMs: number;
}

/**
 * The real supabase-js remote behind a link: offline, every request fails as no answer; refused, as a
 * 401 whose refresh signs out; a dropped answer commits first; a duplicate reaches the server twice.
 */
export function faultyRemote(base: SyncRemote, link: Link): SyncRemote {
  const gate = () => {
    if (!link.isOnline) throw new RemoteError('network', 'fetch failed (offline)');
    if (link.isRefused) throw classifyFailure({ status: 401, code: 'PGRST301', message: 'JWT expired' });
  };
  async function write<T>(send: () => Promise<T>): Promise<T> {
    gate();
    const fault = link.writeFaults.shift();
    if (fault === 'drop-answer') {
      await send();
      throw new RemoteError('network', 'fetch failed (answer lost)');
    }
    if (fault === 'duplicate') await send().catch(() => undefined);
    return send();
  }
  return {
    select: async (query) => (gate(), base.select(query)),
    count: async (query) => (gate(), base.count(query)),
    upsert: (table, rows, options) => write(() => base.upsert(table, rows, options)),
    update: (table, patch, match) => write(() => base.update(table, patch, match)),
    rpc: (fn, args) => (fn === 'get_conversation_summaries' ? (async () => (gate(), base.rpc(fn, args)))() : write(() => base.rpc(fn, args))),
    refreshSession: async () => (!link.isOnline ? 'network' : link.isRefused ? 'signed-out' : 'refreshed'),
    subscribe: () => ({ unsubscribe: async () => {} }),
  };
}

/** A write the user made, as the model remembers it. */
export type Write = { device: DeviceName; step: number; atMs: number; toldDiscarded?: boolean } & (
  | { kind: 'message'; id: string; text: string; isRefused: boolean; seenBefore: string[] }
  | { kind: 'review'; id: string; text: string }
  | { kind: 'profile'; field: 'bio' | 'profession'; value: string }
  | { kind: 'room'; isAvailable: boolean }
  | { kind: 'mark-read'; upTo: string }
);

export interface Cast {
  alice: TestUser;
  /** hosts a listing alice may write to */
  bob: TestUser;
  /** a stranger: alice may not write to her (refused), and the account the phone switches to */
  carol: TestUser;
  bobPropertyId: string;
  aliceRoomId: string;
}

/** Fresh users per run (minted straight into auth.users: no password hashing). */
export async function newCast(t: TestServer, run: number): Promise<Cast> {
  const tag = `${run}-${randomUUID().slice(0, 8)}`;
  const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((name) => t.mintUser(`${name}.${tag}@example.com`)));
  const service = t.service();
  const insert = async (table: string, row: Record<string, unknown>) => {
    const { data, error } = await service.from(table).insert(row).select('id').single();
    if (error) throw error;
    return (data as { id: string }).id;
  };
  const bobPropertyId = await insert('properties', { host_id: bob!.id, name: `Casa ${tag}`, city: 'Lisbon', country: 'Portugal' });
  const alicePropertyId = await insert('properties', { host_id: alice!.id, name: `Villa ${tag}`, city: 'Porto', country: 'Portugal' });
  const aliceRoomId = await insert('rooms', { property_id: alicePropertyId, name: 'Sea Room', price_per_week: 300 });
  return { alice: alice!, bob: bob!, carol: carol!, bobPropertyId, aliceRoomId };
}

export type PhoneSession = 'alice' | 'signed-out' | 'carol';

export interface World {
  t: TestServer;
  /** bypasses RLS: what the server holds */
  service: SupabaseClient;
  cast: Cast;
  random: () => number;
  links: Record<DeviceName, Link>;
  phoneSession: PhoneSession;
  laptop: { db: AppDb; engine: SyncEngine };
  writes: Write[];
  notices: Record<DeviceName, SyncNotice[]>;
  /** the step being run (1-based), for the writes' order */
  step: number;
  /** test-only knobs (the bench skips rules to find more than one failing) */
  skipRules: ReadonlySet<string>;
  phoneRemoteFor(user: TestUser): SyncRemote;
  phoneEngine(): SyncEngine | null;
  signInPhone(user: 'alice' | 'carol'): Promise<void>;
  dispose(): Promise<void>;
}

/** One origin's Web Locks: the page engines and the service worker's take turns on a database's queue. */
export const sharedLocks = createLocalLocks();
/** The model provokes failures on purpose: their warnings would bury a report. */
const quiet = { warn: () => {}, error: () => {} };

/** The device clock the engine reads: real time plus the link's offset. */
export const deviceClock = (link: Link): Clock => ({ now: () => Date.now() + link.clockOffsetMs, setTimeout: systemClock.setTimeout });

/** Engine options of every device: no timers that fire during a run (the model pushes and pulls), no realtime. */
export function engineOptions(link: Link, random: () => number): Partial<SyncEngineOptions> {
  return { triggers: noTriggers, realtimeTables: [], pushDebounceMs: 3_600_000, pullDebounceMs: 3_600_000, countDebounceMs: 3_600_000, backoff: { baseMs: 1, capMs: 4 }, clock: deviceClock(link), random, locks: sharedLocks, logger: quiet };
}

export async function createWorld(t: TestServer, run: number, seed: number, skipRules: ReadonlySet<string>): Promise<World> {
  const cast = await newCast(t, run);
  const random = seededRandom(seed);
  const links: Record<DeviceName, Link> = {
    phone: { isOnline: true, isRefused: false, writeFaults: [], clockOffsetMs: 0 },
    laptop: { isOnline: true, isRefused: false, writeFaults: [], clockOffsetMs: 0 },
  };
  const remoteOf = (client: SupabaseClient, link: Link) => faultyRemote(createSupabaseSyncRemote(() => Promise.resolve(client)), link);
  const notices: Record<DeviceName, SyncNotice[]> = { phone: [], laptop: [] };
  const laptopDb = new AppDb(cast.alice.id, { name: `laptop-${cast.alice.id}` });
  const laptopEngine = createSyncEngine({ ...engineOptions(links.laptop, random), db: laptopDb, userId: cast.alice.id, remote: remoteOf(cast.alice.client, links.laptop) });
  laptopEngine.subscribeNotices((notice) => notices.laptop.push(notice));
  await laptopEngine.start();

  let unsubscribePhone = () => {};
  const world: World = {
    t,
    service: t.service(),
    cast,
    random,
    links,
    phoneSession: 'signed-out',
    laptop: { db: laptopDb, engine: laptopEngine },
    writes: [],
    notices,
    step: 0,
    skipRules,
    phoneRemoteFor: (user) => remoteOf(user.client, links.phone),
    phoneEngine: () => getActiveEngine(),
    async signInPhone(who) {
      const user = cast[who];
      await openSession({
        userId: user.id,
        email: user.email,
        remote: world.phoneRemoteFor(user),
        engine: engineOptions(links.phone, random),
        onSealedWritesDiscarded: () => {
          // The person is told: the writes the phone still held are discarded knowingly.
          for (const write of world.writes) if (write.device === 'phone') write.toldDiscarded = true;
        },
      });
      world.phoneSession = who;
      unsubscribePhone();
      const engine = getActiveEngine();
      unsubscribePhone = engine && who === 'alice' ? engine.subscribeNotices((notice) => notices.phone.push(notice)) : () => {};
    },
    async dispose() {
      unsubscribePhone();
      await laptopEngine.stop();
      laptopDb.close();
      await endUserSession();
      await openSession({ userId: null });
      await laptopDb.delete().catch(() => {});
    },
  };
  await world.signInPhone('alice');
  return world;
}

// ------------------------------------------------------------------------------- observing

/** The phone's database of alice, open or sealed, or null when it is gone. Call `close` after reading. */
export async function alicePhoneDb(world: World): Promise<{ db: AppDb; close(): void } | null> {
  if (world.phoneSession === 'alice') {
    const db = getCurrentDb();
    return db ? { db, close: () => {} } : null;
  }
  const name = databaseNameFor(world.cast.alice.id);
  if (!(await databaseExists(name))) return null;
  const db = await openAppDb(world.cast.alice.id, { name });
  return { db, close: () => db.close() };
}

export async function withDeviceDb<T>(world: World, device: DeviceName, read: (db: AppDb | null) => Promise<T>): Promise<T> {
  if (device === 'laptop') return read(world.laptop.db);
  const handle = await alicePhoneDb(world);
  try {
    return await read(handle?.db ?? null);
  } finally {
    handle?.close();
  }
}

export function entityOf(write: Write, cast: Cast): [OutboxEntity, string] {
  switch (write.kind) {
    case 'message': return ['messages', write.id];
    case 'review': return ['property_reviews', write.id];
    case 'profile': return ['profiles', cast.alice.id];
    case 'room': return ['rooms', cast.aliceRoomId];
    case 'mark-read': return ['conversations', directConversationKey(cast.bob.id)];
  }
}

export async function outboxOf(db: AppDb | null): Promise<OutboxEntry[]> {
  return db ? db._outbox.toArray() : [];
}

/** Rows the server holds (service role), `ids` of one column. */
export async function serverRows<T>(world: World, table: string, columns: string, column: string, ids: readonly string[]): Promise<T[]> {
  if (ids.length === 0) return [];
  const { data, error } = await world.service.from(table).select(columns).in(column, ids as string[]);
  if (error) throw error;
  return (data ?? []) as T[];
}

/** Every user database on this "browser" (fake-indexeddb is one origin for all devices). */
export async function userDatabaseNames(): Promise<string[]> {
  return (await listDatabaseNames()).filter((name) => /^nomadnest-[0-9a-f-]{36}$/.test(name));
}

export const sealedUserId = (): string | null => readSealedSession()?.userId ?? null;
