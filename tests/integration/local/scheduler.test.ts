// The stand-in's scheduler: it calls the same function on the same schedule as the hosted pg_cron
// migration, with the service key and its clock's `now`; tests and demos move the clock forward through
// the operator endpoint (`npm run local -- clock advance 31d`), which only the service key may use.
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseDuration } from '../../../supabase/local/src/scheduler/clock.ts';
import { scheduledFunctions } from '../../../supabase/local/src/scheduler/scheduled-functions.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/functions-project', import.meta.url));
const cronMigrations = ['20250601001710_charge_due_payments_schedule.sql', '20250601001800_push_notifications.sql'].map((name) =>
  fileURLToPath(new URL(`../../../supabase/migrations/${name}`, import.meta.url)),
);
const day = 24 * 60 * 60 * 1000;

describe('the schedule', () => {
  it('is the hosted pg_cron schedule: the same function at the same cron expression', () => {
    const sql = cronMigrations.map((file) => readFileSync(file, 'utf8')).join('\n');
    const scheduled = [...sql.matchAll(/cron\.schedule\(\s*'([^']+)',\s*'([^']+)'/g)].map((match) => ({ name: match[1], cron: match[2] }));
    expect(scheduled).toEqual(scheduledFunctions.map(({ name, cron }) => ({ name, cron })));
    expect(sql).toContain("'/functions/v1/charge-due-payments'");
    expect(sql).toContain("'/functions/v1/send-push'");
  });

  it('runs at the interval its cron expression names', () => {
    const everyMsOf: Record<string, number> = { '0 * * * *': 60 * 60 * 1000, '* * * * *': 60 * 1000 };
    for (const fn of scheduledFunctions) expect(fn.everyMs).toBe(everyMsOf[fn.cron]);
  });

  it.each([['31d', 31 * day], ['12h', 12 * 60 * 60 * 1000], ['90m', 90 * 60 * 1000], ['30s', 30_000], ['1w', null], ['-1d', null], ['', null]])(
    'reads the duration %j as %s ms',
    (text, ms) => {
      expect(parseDuration(text)).toBe(ms);
    },
  );
});

describe.each(testEngines)('scheduler clock on %s', (engine) => {
  let t: TestServer;
  const admin = (path: string, init: RequestInit = {}, key?: string) =>
    fetch(`${t.url}/_local${path}`, { ...init, headers: { 'content-type': 'application/json', ...(key ? { apikey: key } : {}) } });
  const calls = async (): Promise<{ authorization: string | null; body: { now: string } }[]> =>
    (await (await fetch(`${t.url}/functions/v1/charge-due-payments`)).json()) as { authorization: string | null; body: { now: string } }[];

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses anyone without the service key', async () => {
    expect((await admin('/clock')).status).toBe(401);
    expect((await admin('/clock/advance', { method: 'POST', body: '{"by":"31d"}' }, t.server.keys.anonKey)).status).toBe(403);
    expect((await admin('/scheduler/run', { method: 'POST' }, t.server.keys.publishableKey)).status).toBe(403);
    expect(await calls()).toEqual([]);
  });

  it('moves the clock forward and runs the scheduled functions at once, with the service key and its time', async () => {
    const key = t.server.keys.secretKey;
    const before = Date.now();
    const response = await admin('/clock/advance', { method: 'POST', body: JSON.stringify({ by: '31d' }) }, key);
    expect(response.status).toBe(200);
    const body = (await response.json()) as { now: string; offset_ms: number; runs: { name: string; status: number; body: unknown }[] };
    expect(body.offset_ms).toBe(31 * day);
    expect(body.runs).toEqual([
      { name: 'charge-due-payments', status: 200, body: { charged: [] } },
      { name: 'send-push', status: 200, body: { sent: 0, retried: 0, dropped: 0, deletedSubscriptions: 0 } },
    ]);
    const [call] = await calls();
    expect(call?.authorization).toBe(`Bearer ${t.server.keys.serviceRoleKey}`);
    const sentNow = Date.parse(call?.body.now ?? '');
    expect(sentNow).toBeGreaterThanOrEqual(before + 31 * day);
    expect(sentNow).toBeLessThan(Date.now() + 31 * day + 1000);

    const clock = (await (await admin('/clock', {}, key)).json()) as { offset_ms: number };
    expect(clock.offset_ms).toBe(31 * day);
    const run = (await (await admin('/scheduler/run', { method: 'POST' }, key)).json()) as { runs: unknown[] };
    expect(run.runs).toHaveLength(2);
    expect(await calls()).toHaveLength(2);
  });

  it('refuses a duration it cannot read, and never moves back', async () => {
    const key = t.server.keys.secretKey;
    for (const by of ['-3d', 'soon', 31]) {
      const response = await admin('/clock/advance', { method: 'POST', body: JSON.stringify({ by }) }, key);
      expect(response.status).toBe(400);
    }
    expect(((await (await admin('/clock', {}, key)).json()) as { offset_ms: number }).offset_ms).toBe(31 * day);
  });
});
