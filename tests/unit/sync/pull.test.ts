// pullScope and the reconciliation that follows it, against real Dexie (fake-indexeddb) and the
// in-memory remote: keyset paging, the overlap window, scope restarts, tombstones, and removals of
// rows that left the user's view (docs/decisions/mirror-scope-removal.md).
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppDb, deleteAppDb } from '../../../src/db/db.ts';
import type { RemoteFilter, SelectQuery, ServerRecord, SyncRemote } from '../../../src/remote/sync-port.ts';
import { applyServerRows, tombstoneKey } from '../../../src/sync/apply-server-rows.ts';
import { pullScope, userScopes, type PullOptions, type PullScope } from '../../../src/sync/pull.ts';
import { reconcileMirror, userReconcileScopes, type ReconcileScope } from '../../../src/sync/reconcile.ts';
import { createMemoryRemote, createMemoryServer, serverTable, type MemoryServer } from '../../integration/sync/support/memory-remote.ts';

const ME = '00000000-0000-4000-8000-000000000001';
const OTHER = '00000000-0000-4000-8000-000000000002';
const HOUSE_KEPT = '00000000-0000-4000-8000-0000000000a1';
const HOUSE_LEFT = '00000000-0000-4000-8000-0000000000a2';

/** A server timestamp `ms` after a fixed origin, in the memory server's format. */
const at = (ms: number) => new Date(Date.UTC(2025, 5, 1) + ms).toISOString();
const shape = () => ({ userId: ME });

let db: AppDb;
let server: MemoryServer;
beforeEach(async () => {
  db = new AppDb(ME, { name: `pull-${randomUUID()}` });
  await db.open();
  server = createMemoryServer();
});
afterEach(async () => {
  db.close();
  await deleteAppDb(db.name);
});

function putProfile(id: string, updatedMs: number, extra: ServerRecord = {}): ServerRecord {
  const row = { id, name: `Profile ${id}`, version: 1, created_at: at(0), updated_at: at(updatedMs), deleted_at: null, ...extra };
  serverTable(server, 'profiles').set(id, row);
  return row;
}

function putMessage(id: string, row: ServerRecord): ServerRecord {
  const full = { id, sender_id: OTHER, receiver_id: ME, property_id: null, conversation_type: 'host_guest', text: id, read_at: null, version: 1, created_at: at(1), updated_at: at(1), deleted_at: null, ...row };
  serverTable(server, 'messages').set(id, full);
  return full;
}

/** Wraps a remote so the test sees every row each select returned, in order. */
function recording(remote: SyncRemote): { remote: SyncRemote; fetched: string[] } {
  const fetched: string[] = [];
  return {
    fetched,
    remote: {
      ...remote,
      select: async (query: SelectQuery) => {
        const rows = await remote.select(query);
        fetched.push(...rows.map((row) => String(row.id)));
        return rows;
      },
    },
  };
}

const profilesScope = (filters: () => RemoteFilter[] | null = () => []): PullScope => ({ key: 'profiles:test', table: 'profiles', select: '*', filters: async () => filters() });
const options = (overrides: Partial<PullOptions> = {}): PullOptions => ({ pageSize: 4, overlapMs: 1_000, ...overrides });
const heldIds = async () => (await db.profiles.toCollection().primaryKeys()).sort();

describe('pullScope: keyset paging on (updated_at, id)', () => {
  // Timestamps per row (ms); ids are given in reverse so id order and insertion order differ.
  it.each([
    { name: 'more rows than one page, distinct timestamps', times: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11], pageSize: 4 },
    { name: 'an exact multiple of the page size (the last page is empty)', times: [1, 2, 3, 4, 5, 6, 7, 8], pageSize: 4 },
    { name: 'equal timestamps across a page boundary', times: [1, 2, 3, 5, 5, 5, 5, 5, 6, 7], pageSize: 4 },
    { name: 'more rows of one timestamp than a page (tail paged by id)', times: [1, 5, 5, 5, 5, 5, 5, 5, 5, 5, 9], pageSize: 3 },
    { name: 'every row at one timestamp', times: [7, 7, 7, 7, 7, 7, 7], pageSize: 2 },
  ])('$name: every row once, in order', async ({ times, pageSize }) => {
    const rows = times.map((ms, index) => putProfile(`p-${String(times.length - index).padStart(3, '0')}`, ms));
    const { remote, fetched } = recording(createMemoryRemote(server));

    const received = await pullScope(db, remote, profilesScope(), ME, shape, options({ pageSize }));

    const expected = [...rows].sort((a, b) => String(a.updated_at).localeCompare(String(b.updated_at)) || String(a.id).localeCompare(String(b.id))).map((row) => row.id);
    expect(fetched).toEqual(expected);
    expect(received).toBe(rows.length);
    expect(await heldIds()).toEqual([...expected].sort());
    const last = rows.find((row) => row.id === expected[expected.length - 1])!;
    expect(await db._sync_state.get('profiles:test')).toMatchObject({ updatedAt: last.updated_at, id: last.id });
  });

  it('a second pull asks only from the overlap window on, not from the start', async () => {
    for (let i = 0; i < 10; i += 1) putProfile(`p-${i}`, i * 1_000);
    const scope = profilesScope();
    await pullScope(db, createMemoryRemote(server), scope, ME, shape, options());
    const { remote, fetched } = recording(createMemoryRemote(server));
    await pullScope(db, remote, scope, ME, shape, options());
    // cursor at 9 000 ms, window 1 000 ms: rows at 8 000 and 9 000 again, nothing older
    expect(fetched).toEqual(['p-8', 'p-9']);
  });
});

describe('pullScope: the overlap window', () => {
  const CURSOR_MS = 10_000;
  const OVERLAP_MS = 1_000;
  // A transaction that took now() before the cursor row's but committed after the pull read: its row
  // shows up later with an updated_at before the cursor. The window is `updated_at >= cursor - overlap`.
  it.each([
    { name: 'at the cursor time, id before the cursor id', updatedMs: CURSOR_MS, id: 'p-0-late', picked: true },
    { name: 'just inside the window', updatedMs: CURSOR_MS - OVERLAP_MS + 1, id: 'p-late', picked: true },
    { name: 'on the window edge', updatedMs: CURSOR_MS - OVERLAP_MS, id: 'p-late', picked: true },
    { name: 'just outside the window (the limit of the design)', updatedMs: CURSOR_MS - OVERLAP_MS - 1, id: 'p-late', picked: false },
  ])('a row committed late $name: picked up = $picked', async ({ updatedMs, id, picked }) => {
    putProfile('p-1', CURSOR_MS - 5_000);
    putProfile('p-9', CURSOR_MS);
    const scope = profilesScope();
    const remote = createMemoryRemote(server);
    await pullScope(db, remote, scope, ME, shape, options({ overlapMs: OVERLAP_MS }));
    expect(await db._sync_state.get('profiles:test')).toMatchObject({ updatedAt: at(CURSOR_MS), id: 'p-9' });

    putProfile(id, updatedMs);
    await pullScope(db, remote, scope, ME, shape, options({ overlapMs: OVERLAP_MS }));

    expect(Boolean(await db.profiles.get(id))).toBe(picked);
    // The cursor never moves back to the late row.
    expect(await db._sync_state.get('profiles:test')).toMatchObject({ updatedAt: at(CURSOR_MS), id: 'p-9' });
  });
});

describe('pullScope: scope signature', () => {
  it('restarts from the beginning when the scope\'s filters change (a new id joins an id list)', async () => {
    putProfile('p-a', 50_000);
    putProfile('p-b', 1_000); // long before the cursor and its overlap window
    let ids = ['p-a'];
    const scope = profilesScope(() => [{ column: 'id', op: 'in', value: ids }]);
    const remote = createMemoryRemote(server);
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-a']);

    ids = ['p-a', 'p-b'];
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-a', 'p-b']);
    expect((await db._sync_state.get('profiles:test'))?.signature).toBe(JSON.stringify([{ column: 'id', op: 'in', value: ['p-a', 'p-b'] }]));
  });

  it('keeps its cursor while the filters stay the same (an old row outside the window is not asked again)', async () => {
    putProfile('p-a', 50_000);
    const scope = profilesScope();
    const remote = createMemoryRemote(server);
    await pullScope(db, remote, scope, ME, shape, options());
    putProfile('p-old', 1_000);
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-a']);
  });

  it('pulls nothing and keeps its state when the scope is empty now (null filters)', async () => {
    putProfile('p-a', 1_000);
    const { remote, fetched } = recording(createMemoryRemote(server));
    expect(await pullScope(db, remote, profilesScope(() => null), ME, shape, options())).toBe(0);
    expect(fetched).toEqual([]);
    expect(await db._sync_state.get('profiles:test')).toBeUndefined();
  });
});

describe('pullScope: tombstones', () => {
  it('a pulled tombstone removes the held row and is remembered: a late older copy does not resurrect it', async () => {
    putProfile('p-a', 1_000);
    putProfile('p-b', 1_100);
    const scope = profilesScope();
    const remote = createMemoryRemote(server);
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-a', 'p-b']);

    putProfile('p-a', 2_000, { version: 2, deleted_at: at(2_000) });
    // a tombstone of a row this device never held is remembered too
    putProfile('p-never', 2_100, { version: 4, deleted_at: at(2_100) });
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-b']);
    expect(await db._tombstones.bulkGet([tombstoneKey('profiles', 'p-a'), tombstoneKey('profiles', 'p-never')])).toEqual([
      { key: 'profiles:p-a', version: 2 },
      { key: 'profiles:p-never', version: 4 },
    ]);

    // A lagging replica answers with the live copies again, inside the overlap window.
    putProfile('p-a', 2_050, { version: 1 });
    putProfile('p-never', 2_050, { version: 3 });
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-b']);

    // A newer live version (the row restored) is stored again.
    putProfile('p-a', 3_000, { version: 3 });
    await pullScope(db, remote, scope, ME, shape, options());
    expect(await heldIds()).toEqual(['p-a', 'p-b']);
  });
});

describe('reconcileMirror with the memory remote', () => {
  const messageScopes = (): ReconcileScope[] => userReconcileScopes().filter((scope) => scope.table === 'messages');
  const hidden = new Set<string>();
  beforeEach(() => hidden.clear());
  const remoteAsMe = () => createMemoryRemote(server, { userId: ME, canRead: (_table, row) => !hidden.has(String(row.id)) });

  /** Holds every server message, as a pull would have stored it, and the inbox listing one house. */
  async function holdAll(): Promise<void> {
    await applyServerRows(db, 'messages', [...serverTable(server, 'messages').values()], shape());
    await db.conversations.put({
      conversation_key: `house:${HOUSE_KEPT}`, other_user_id: null, other_user_name: 'Casa', other_user_photo: null, last_message: null,
      last_message_time: null, last_message_sender_id: null, unread_count: 0, conversation_type: 'house', property_id: HOUSE_KEPT, _sort: '',
    });
  }

  it.each([
    { name: 'a direct message still visible', row: {}, isHidden: false, local: {}, kept: true },
    { name: 'a direct message no scope returns (hard-deleted)', row: {}, isHidden: true, local: {}, kept: false },
    { name: 'house chat of a house the inbox lists', row: { conversation_type: 'house', receiver_id: null, property_id: HOUSE_KEPT }, isHidden: false, local: {}, kept: true },
    { name: 'own house message of a house the user left (RLS still shows it)', row: { conversation_type: 'house', sender_id: ME, receiver_id: null, property_id: HOUSE_LEFT }, isHidden: false, local: {}, kept: false },
    { name: 'an invisible row with an outbox entry', row: {}, isHidden: true, local: { outbox: true }, kept: true },
    { name: 'an invisible row with _status failed', row: {}, isHidden: true, local: { status: 'failed' as const }, kept: true },
    { name: 'an invisible row at _v 0 (never acknowledged)', row: {}, isHidden: true, local: { v: 0 }, kept: true },
  ])('$name: kept = $kept', async ({ row, isHidden, local, kept }) => {
    const id = randomUUID();
    putMessage(id, row);
    putMessage(randomUUID(), {}); // a neighbour that always stays
    if (isHidden) hidden.add(id);
    await holdAll();
    if ('status' in local) await db.messages.update(id, { _status: local.status });
    if ('v' in local) await db.messages.update(id, { _v: local.v });
    if ('outbox' in local) {
      await db._outbox.add({ id: randomUUID(), name: 'message.send@1', entity: 'messages', entityId: id, args: {}, before: null, status: 'queued', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: 0 });
    }

    const result = await reconcileMirror(db, remoteAsMe(), ME, messageScopes());

    expect(Boolean(await db.messages.get(id))).toBe(kept);
    expect(result.removed.messages).toBe(kept ? 0 : 1);
    expect(await db.messages.count()).toBe(kept ? 2 : 1);
  });

  it('a removed row does not come back on the next pull, and a tombstone it was is remembered', async () => {
    const leftHouse = putMessage(randomUUID(), { conversation_type: 'house', sender_id: ME, receiver_id: null, property_id: HOUSE_LEFT }).id as string;
    const deleted = putMessage(randomUUID(), {}).id as string;
    await holdAll();
    putMessage(deleted, { version: 2, deleted_at: at(5), updated_at: at(5) });
    const remote = remoteAsMe();
    // only the reconciliation sees the tombstone: no pull ran since the delete
    await reconcileMirror(db, remote, ME, messageScopes());
    expect(await db.messages.bulkGet([leftHouse, deleted])).toEqual([undefined, undefined]);
    expect(await db._tombstones.get(tombstoneKey('messages', deleted))).toEqual({ key: `messages:${deleted}`, version: 2 });
    // a row that merely left the view gets no tombstone (it may come back at the same version)
    expect(await db._tombstones.get(tombstoneKey('messages', leftHouse))).toBeUndefined();

    // The pull's message scopes are the reconciliation's: a house the inbox does not list is not pulled.
    const lagging = putMessage(deleted, { version: 1 }); // a stale copy of the deleted one
    expect(lagging.deleted_at).toBeNull();
    for (const scope of userScopes().filter((s) => s.table === 'messages')) await pullScope(db, remote, scope, ME, shape, options());
    expect(await db.messages.bulkGet([leftHouse, deleted])).toEqual([undefined, undefined]);
  });

  it('keeps a row that changed or got a write between the check and the delete', async () => {
    const changed = putMessage(randomUUID(), {}).id as string;
    const written = putMessage(randomUUID(), {}).id as string;
    const gone = putMessage(randomUUID(), {}).id as string;
    await holdAll();
    for (const id of [changed, written, gone]) hidden.add(id);
    const inner = remoteAsMe();
    const racing: SyncRemote = {
      ...inner,
      select: async (query) => {
        const rows = await inner.select(query);
        // While the answer travels: a realtime update lands on one row, the user writes to another.
        await applyServerRows(db, 'messages', [{ ...serverTable(server, 'messages').get(changed)!, version: 2, text: 'edited' }], shape());
        if ((await db._outbox.count()) === 0) {
          await db._outbox.add({ id: randomUUID(), name: 'message.send@1', entity: 'messages', entityId: written, args: {}, before: null, status: 'queued', attempts: 0, nextAttemptAt: 0, lastError: null, createdAt: 0 });
        }
        return rows;
      },
    };

    const result = await reconcileMirror(db, racing, ME, messageScopes());

    expect(await db.messages.get(changed)).toMatchObject({ _v: 2, text: 'edited' });
    expect(await db.messages.get(written)).toBeDefined();
    expect(await db.messages.get(gone)).toBeUndefined();
    expect(result.removed.messages).toBe(1);
  });
});
