// More runs of the sync model than `npm test` makes (docs/decisions/sync-model-test.md):
//   npx tsx tests/bench/sync-model.ts --runs 500 [--seed S] [--path P] [--steps N] [--engine pglite|postgres] [--skip-rules a,b]
// A failure prints the shrunk step sequence with the seed and path that replay it. The model runs under
// vitest (the app's modules read Vite's import.meta.env), with this script's choices as its environment.
import { spawnSync } from 'node:child_process';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '300' },
    seed: { type: 'string' },
    path: { type: 'string' },
    steps: { type: 'string', default: '30' },
    engine: { type: 'string', default: 'pglite' },
    'skip-rules': { type: 'string' },
    trace: { type: 'boolean', default: false },
  },
});

if (values.engine === 'postgres' && !process.env.TEST_DATABASE_URL) {
  console.error('--engine postgres needs TEST_DATABASE_URL (a server the tests may create databases on)');
  process.exit(2);
}

const env: NodeJS.ProcessEnv = {
  ...process.env,
  SYNC_MODEL_RUNS: values.runs,
  SYNC_MODEL_STEPS: values.steps,
  SYNC_MODEL_ENGINE: values.engine,
  ...(values.seed !== undefined && { SYNC_MODEL_SEED: values.seed }),
  ...(values.path !== undefined && { SYNC_MODEL_PATH: values.path }),
  ...(values['skip-rules'] !== undefined && { SYNC_MODEL_SKIP_RULES: values['skip-rules'] }),
  ...(values.trace && { SYNC_MODEL_TRACE: '1' }),
};
const result = spawnSync('npx', ['vitest', 'run', '--project', 'integration', 'tests/integration/sync/sync-model.test.ts'], { env, stdio: 'inherit' });
process.exitCode = result.status ?? 1;
