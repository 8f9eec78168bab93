// The migrations apply from empty, twice in a row (reset), on PGlite and native Postgres; the seed is
// idempotent, complete (every booking status, current stays, conversations) and its photos exist.
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import bcrypt from 'bcryptjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applySeed, prepareDatabase, resetDatabase } from '../local/src/db/migrations.ts';
import { demoPassword, properties as demoProperties } from '../seed/demo-data.ts';
import { renderSeedSql } from '../seed/generate-seed-sql.ts';
import type { TestDatabase } from './support/test-database.ts';
import { engines, openEmptyDatabase, projectDir, queryAs, user } from './support/test-database.ts';

describe.each(engines)('migrations and seed (%s)', (engine) => {
  let handle: TestDatabase;

  beforeAll(async () => {
    handle = await openEmptyDatabase(engine);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('apply from empty with the seed, then again after a reset', async () => {
    const first = await prepareDatabase(handle.db, projectDir, { seed: true });
    expect(first.migrations.length).toBeGreaterThan(0);
    expect(first.seeds).toEqual(['supabase/seed.sql']);
    await resetDatabase(handle.db);
    const second = await prepareDatabase(handle.db, projectDir, { seed: true });
    expect(second.migrations).toEqual(first.migrations);
    expect(second.seeds).toEqual(['supabase/seed.sql']);
  });

  it('re-running the seed changes nothing', async () => {
    const count = async () =>
      (await handle.db.query<{ n: string }>(`select (select count(*) from public.properties) + (select count(*) from public.bookings)
        + (select count(*) from public.messages) + (select count(*) from public.reviews) + (select count(*) from auth.users) as n`)).rows[0]!.n;
    const before = await count();
    await applySeed(handle.db, projectDir);
    expect(await count()).toBe(before);
  });

  it('seeds 12 listings with 2 to 6 rooms each and bookings in every status', async () => {
    const rooms = await handle.db.query<{ n: string }>('select count(*) as n from public.rooms group by property_id');
    expect(rooms.rows).toHaveLength(12);
    for (const row of rooms.rows) expect(Number(row.n)).toBeGreaterThanOrEqual(2);
    for (const row of rooms.rows) expect(Number(row.n)).toBeLessThanOrEqual(6);
    const statuses = await handle.db.query<{ status: string }>('select distinct status from public.bookings order by 1');
    expect(statuses.rows.map((r) => r.status)).toEqual(['accepted', 'cancelled', 'completed', 'declined', 'paid', 'pending', 'pending_payment']);
  });

  it("has current stays, so Who's Staying, house chat and the inbox are not empty", async () => {
    const leo = (await handle.db.query<{ id: string }>(`select id from auth.users where email = 'leo.guest@nomadnest.test'`)).rows[0]!.id;
    const ubud = (await handle.db.query<{ id: string }>(`select id from public.properties where city = 'Ubud'`)).rows[0]!.id;
    expect((await queryAs(handle.db, user(leo), 'select * from public.get_housemates($1)', [ubud])).length).toBeGreaterThan(0);
    expect(await queryAs(handle.db, user(leo), 'select public.is_house_member($1) as m', [ubud])).toEqual([{ m: true }]);
    const inbox = await queryAs<{ conversation_type: string; unread_count: number }>(handle.db, user(leo), 'select * from public.get_conversation_summaries()');
    expect(new Set(inbox.map((r) => r.conversation_type))).toEqual(new Set(['host_guest', 'guest_guest', 'house']));
    expect(inbox.some((r) => r.unread_count > 0)).toBe(true);
  });

  it('stores demo passwords the way the auth server checks them', async () => {
    const { rows } = await handle.db.query<{ encrypted_password: string }>(`select encrypted_password from auth.users where email = 'maya.host@nomadnest.test'`);
    expect(await bcrypt.compare(demoPassword, rows[0]!.encrypted_password)).toBe(true);
    const identities = await handle.db.query<{ n: string }>(`select count(*) as n from auth.identities where provider = 'email'`);
    expect(Number(identities.rows[0]!.n)).toBe(12);
  });
});

describe('seed files', () => {
  it('seed.sql is what generate-seed-sql.ts renders from demo-data.ts', async () => {
    expect(await readFile(join(projectDir, 'seed.sql'), 'utf8')).toBe(renderSeedSql());
  });

  it('every photo URL in seed.sql has a generated file under seed/storage', async () => {
    const sql = await readFile(join(projectDir, 'seed.sql'), 'utf8');
    const urls = [...sql.matchAll(/\/storage\/v1\/object\/public\/([a-z-]+)\/([^'"\s]+\.webp)/g)];
    expect(urls.length).toBeGreaterThan(demoProperties.length * 3);
    for (const [, bucket, path] of urls) await expect(access(join(projectDir, 'seed', 'storage', bucket!, path!))).resolves.toBeUndefined();
  });
});
