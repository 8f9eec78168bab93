// The money rules of docs/money-rules.md, proved by a seeded model-based test: random sequences of the real
// actions (request, checkout in full or monthly, pay any open session, webhooks delivered late, out of order
// and again, accept, decline, cancel, the scheduler's clock and its charges with declines, Pay now, a retry
// racing Pay now, end stay) run through the real Edge Functions and the Stripe double, and the rules are
// checked after every step against the double's own records. A failure shrinks to a short sequence and
// prints its seed and path; replay it with `npx tsx tests/bench/money-model.ts --seed S --path P`.
// MONEY_MODEL_RUNS and MONEY_MODEL_SEED change how many sequences run and from which seed.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testEngines } from '../local/support/start.ts';
import { moneyProperty } from './money-model-commands.ts';
import { startMoneyWorld, type MoneyWorld } from './money-model-world.ts';

const runs = Number(process.env.MONEY_MODEL_RUNS ?? 100);
const seed = Number(process.env.MONEY_MODEL_SEED ?? 20_250_601);

describe.each(testEngines)('money model on %s', (engine) => {
  let world: MoneyWorld;
  beforeAll(async () => {
    world = await startMoneyWorld(engine);
  });
  afterAll(async () => {
    await world?.close();
  });

  it(`keeps the money rules over ${runs} random sequences (seed ${seed})`, async () => {
    await fc.assert(moneyProperty(world, { maxCommands: 20 }), { numRuns: runs, seed });
    // Not a hollow pass: the sequences took the money paths the rules are about.
    expect([...world.reached.keys()]).toEqual(expect.arrayContaining(['stripe charge', 'booking paid (monthly)', 'booking accepted (monthly)']));
  }, 900_000);
});
