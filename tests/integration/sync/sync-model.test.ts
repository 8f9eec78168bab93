// The sync engine as a model: random interleavings of every command's writes on two devices of one user,
// network loss, lost and duplicated answers, session refusal and re-sign-in, account switch, device
// clock offsets and the service worker taking over, on the real engine, Dexie and the stand-in. After
// every step the rules of sync-model-rules.ts hold (docs/decisions/sync-model-rules.md: how to replay a seed).
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';
import { runSyncModel } from './sync-model-run.ts';

const RUNS = Number(process.env.SYNC_MODEL_RUNS ?? 100);
const SEED = process.env.SYNC_MODEL_SEED ? Number(process.env.SYNC_MODEL_SEED) : undefined;
const PATH = process.env.SYNC_MODEL_PATH;
const SKIP = process.env.SYNC_MODEL_SKIP_RULES?.split(',').filter(Boolean);
const STEPS = process.env.SYNC_MODEL_STEPS ? Number(process.env.SYNC_MODEL_STEPS) : undefined;
// The bench picks one engine; `npm test` runs every engine it has.
const engines = process.env.SYNC_MODEL_ENGINE ? testEngines.filter((engine) => engine === process.env.SYNC_MODEL_ENGINE) : testEngines;

describe.each(engines)('sync model on %s', (engineKind) => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ engine: engineKind });
  });
  afterAll(async () => {
    await t?.close();
  });

  it(`keeps every rule over ${RUNS} seeded runs`, async () => {
    await runSyncModel(t, { runs: RUNS, seed: SEED, path: PATH, skipRules: SKIP, maxCommands: STEPS });
  }, 20 * 60_000);
});
