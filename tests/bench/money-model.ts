// More sequences of the money model (tests/integration/payments/money-model.test.ts, docs/money-rules.md)
// than `npm test` runs, on one stand-in. Prints the seed and, on a failure, the shrunk sequence with its path.
// Run: npx tsx tests/bench/money-model.ts [--runs 1000] [--seed 42] [--path "12:3:0"] [--engine pglite|postgres]
//      [--max-commands 30] [--without foreign-event,race]
// --engine postgres needs TEST_DATABASE_URL. --without leaves command kinds out (to look past a known defect).
import { parseArgs } from 'node:util';
import fc from 'fast-check';
import { COMMAND_KINDS, moneyProperty, type CommandKind } from '../integration/payments/money-model-commands.ts';
import { startMoneyWorld } from '../integration/payments/money-model-world.ts';

const { values } = parseArgs({
  options: {
    runs: { type: 'string', default: '1000' },
    seed: { type: 'string' },
    path: { type: 'string' },
    engine: { type: 'string', default: 'pglite' },
    'max-commands': { type: 'string', default: '30' },
    without: { type: 'string', default: '' },
  },
});
const engine = values.engine === 'postgres' ? 'postgres' : 'pglite';
const seed = values.seed === undefined ? Date.now() % 2 ** 31 : Number(values.seed);
const without = values.without.split(',').filter(Boolean) as CommandKind[];
const unknown = without.filter((kind) => !COMMAND_KINDS.includes(kind));
if (unknown.length > 0) throw new Error(`unknown command kinds: ${unknown.join(', ')} (known: ${COMMAND_KINDS.join(', ')})`);

const world = await startMoneyWorld(engine);
const started = performance.now();
let failed = false;
try {
  const details = await fc.check(moneyProperty(world, { maxCommands: Number(values['max-commands']), without }), {
    numRuns: Number(values.runs),
    seed,
    ...(values.path ? { path: values.path } : {}),
  });
  failed = details.failed;
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(`\nmoney model on ${engine}: ${details.numRuns} sequences, seed ${seed}, ${seconds} s`);
  if (details.failed) {
    console.log(`FAILED at seed ${seed} path ${JSON.stringify(details.counterexamplePath)}; replay: --seed ${seed} --path "${details.counterexamplePath}"`);
    console.log(`shrunk sequence: ${fc.stringify(details.counterexample)}`);
    console.log(String(details.errorInstance instanceof Error ? details.errorInstance.message : details.errorInstance));
  } else console.log('every money rule held');
  console.log(`reached (runs): ${[...world.reached].map(([milestone, count]) => `${milestone} ${count}`).join(', ')}`);
} finally {
  await world.close();
}
process.exit(failed ? 1 : 0);
