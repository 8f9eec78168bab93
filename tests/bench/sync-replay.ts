// Time to replay 1,000 queued messages against the stand-in (in-process, PGlite), exactly once.
// Run: npx tsx tests/bench/sync-replay.ts [count]
import 'fake-indexeddb/auto';
import { randomUUID } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { AppDb, deleteAppDb } from '../../src/db/db.ts';
import { createSupabaseSyncRemote } from '../../src/remote/sync-remote.ts';
import { sendMessage } from '../../src/sync/commands/message-send.ts';
import { createSyncEngine } from '../../src/sync/engine.ts';
import { startTestServer } from '../integration/local/support/start.ts';

const COUNT = Number(process.argv[2] ?? 1000);
const t = await startTestServer();
try {
  const [alice, bob] = await Promise.all([t.signUp('alice@bench.test'), t.signUp('bob@bench.test')]);
  const { data: property, error } = await t.service().from('properties').insert({ host_id: bob.id, name: 'Bench Villa', city: 'Ubud', country: 'Indonesia' }).select('id').single();
  if (error) throw error;
  const name = `replay-${randomUUID()}`;
  const db = new AppDb(alice.id, { name });
  const engine = createSyncEngine({ db, userId: alice.id, remote: createSupabaseSyncRemote(() => Promise.resolve(alice.client)), realtimeTables: [], scopes: [], pushDebounceMs: 3_600_000 });

  const enqueueStart = performance.now();
  for (let i = 0; i < COUNT; i += 1) {
    await engine.run(sendMessage, { id: randomUUID(), conversationType: 'host_guest', receiverId: bob.id, propertyId: (property as { id: string }).id, text: `queued ${i}` });
  }
  const enqueueMs = performance.now() - enqueueStart;

  await engine.start();
  const replayStart = performance.now();
  await engine.pushNow();
  const replayMs = performance.now() - replayStart;
  await engine.stop();

  const { count } = await t.service().from('messages').select('id', { count: 'exact', head: true }).eq('sender_id', alice.id);
  console.log(`enqueue ${COUNT} messages offline: ${enqueueMs.toFixed(0)} ms (${(enqueueMs / COUNT).toFixed(2)} ms each)`);
  console.log(`replay ${COUNT} messages: ${replayMs.toFixed(0)} ms (${(replayMs / COUNT).toFixed(2)} ms each); on server: ${count}; left in outbox: ${await db._outbox.count()}`);
  db.close();
  await deleteAppDb(name);
} finally {
  await t.close();
}
