// What the removal check (docs/decisions/reconcile-id-checks.md) costs on a large mirror, against the
// stand-in (in-process, PGlite): a guest holding N direct messages, k of them hard-deleted on the server.
// Prints, per reconciliation run until every deleted message has left the device: the requests, the
// ids sent in URLs, the time, and how many deleted messages are still held; then one run over the
// unchanged mirror.
// Run: npx tsx tests/bench/reconcile-bench.ts [--messages 5000] [--deleted 5]
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { performance } from 'node:perf_hooks';
import { AppDb, deleteAppDb } from '../../src/db/db.ts';
import type { SyncRemote } from '../../src/remote/sync-port.ts';
import { createSupabaseSyncRemote } from '../../src/remote/sync-remote.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import { reconcileMirror, userReconcileScopes } from '../../src/sync/reconcile.ts';
import { startTestServer } from '../integration/local/support/start.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '5000' }, deleted: { type: 'string', default: '5' } } });
const MESSAGES = Number(values.messages);
const DELETED = Number(values.deleted);

const t = await startTestServer();
try {
  const [guest, host] = [await t.signUp('guest@bench.test'), await t.signUp('host@bench.test', undefined, { role: 'host' })];
  const { data: property, error } = await t.service().from('properties').insert({ host_id: host.id, name: 'Bench Villa', city: 'Ubud', country: 'Indonesia' }).select('id').single();
  if (error) throw error;
  const propertyId = (property as { id: string }).id;
  const ids = Array.from({ length: MESSAGES }, () => randomUUID());
  for (let start = 0; start < MESSAGES; start += 1_000) {
    const rows = ids.slice(start, start + 1_000).map((id, index) => ({
      id, sender_id: index % 2 ? guest.id : host.id, receiver_id: index % 2 ? host.id : guest.id, property_id: propertyId, conversation_type: 'host_guest', text: `bench ${start + index}`,
    }));
    const inserted = await t.service().from('messages').insert(rows);
    if (inserted.error) throw inserted.error;
  }

  const name = `reconcile-bench-${randomUUID()}`;
  const db = new AppDb(guest.id, { name });
  const base = createSupabaseSyncRemote(() => Promise.resolve(guest.client));
  const pullStart = performance.now();
  const engine = createSyncEngine({ db, userId: guest.id, remote: base, realtimeTables: [], reconcileScopes: [], pushDebounceMs: 3_600_000 });
  await engine.start();
  await engine.pullNow();
  await engine.stop();
  console.log(`mirror: ${await db.messages.count()} messages pulled in ${(performance.now() - pullStart).toFixed(0)} ms`);

  let idsInUrls = 0;
  const measured: SyncRemote = {
    ...base,
    select: (query) => {
      for (const filter of query.filters) if (filter.column === 'id' && filter.op === 'in') idsInUrls += filter.value.length;
      return base.select(query);
    },
  };
  const run = async (label: string) => {
    idsInUrls = 0;
    const started = performance.now();
    const result = await reconcileMirror(db, measured, guest.id, userReconcileScopes());
    const ms = performance.now() - started;
    const held = (await db.messages.bulkGet(gone)).filter(Boolean).length;
    console.log(`${label}: ${result.requests} requests, ${idsInUrls} ids in URLs, ${ms.toFixed(0)} ms, messages checked ${result.checked.messages ?? 0}, removed ${result.removed.messages ?? 0}, deleted still held ${held} of ${gone.length}`);
    return held;
  };

  const gone = [...ids].sort(() => Math.random() - 0.5).slice(0, DELETED);
  const removed = await t.service().from('messages').delete().in('id', gone);
  if (removed.error) throw removed.error;
  for (let index = 1; index <= 20; index += 1) if ((await run(`run ${index} after ${DELETED} deletions`)) === 0) break;
  await run('unchanged mirror');
  db.close();
  await deleteAppDb(name);
} finally {
  await t.close();
}
