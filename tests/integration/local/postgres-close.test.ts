// Closing the native-Postgres engine ends every connection it opened before it returns, including one
// it recycled a moment earlier (full of prepared statements): CI once caught a 57P01 when the test
// teardown's `drop database … with (force)` terminated such a connection while it was still ending.
import pg from 'pg';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { anon, openEmptyDatabase, requestAuth } from '../../../supabase/tests/support/test-database.ts';

describe.skipIf(!process.env.TEST_DATABASE_URL)('closing the native Postgres engine', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('returns only once every connection, a recycled one too, has ended', async () => {
    const handle = await openEmptyDatabase('postgres');
    const ending = new Set<pg.Client>();
    const end = pg.Client.prototype.end;
    vi.spyOn(pg.Client.prototype, 'end').mockImplementation(function (this: pg.Client, ...args: unknown[]) {
      ending.add(this);
      this.once('end', () => ending.delete(this));
      return (end as (...a: unknown[]) => Promise<void>).apply(this, args);
    } as typeof end);
    // Sequential requests reuse one connection; with the settings' statement, the 199th read makes
    // 200 named statements, so the last release closes that connection just before close().
    for (let i = 0; i < 199; i += 1) {
      await handle.db.requestStatement(requestAuth(anon), null, { sql: `select ${i} as n`, params: [], readOnly: true, reuse: true });
    }
    expect(ending.size).toBe(1);
    await handle.db.close();
    expect(ending.size).toBe(0);
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    await admin.query(`drop database "${new URL(handle.url as string).pathname.slice(1)}" with (force)`).finally(() => admin.end());
  });
});
