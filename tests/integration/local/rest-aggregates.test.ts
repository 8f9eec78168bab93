// Aggregate functions in select as PostgREST 12/13 documents them (docs.postgrest.org "Aggregate
// Functions"), enabled by `pgrst.db_aggregates_enabled` on the authenticator role; PGRST123 when off.
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fidelityProject, raw, setPgrstConfig } from './support/fidelity-project.ts';
import { startTestServer, testEngines, type TestServer } from './support/start.ts';

describe.each(testEngines)('rest aggregates on %s', (engine) => {
  let t: TestServer;
  let db: SupabaseClient;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir: fidelityProject, seed: true });
    db = t.service();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('aggregates the whole table, with aliases and casts', async () => {
    const { data, error } = await db.from('items').select('count(), total:qty.sum(), price.avg()::float8, price.max(), price.min(), cheapest:price::int.min(), categories:category.count()');
    expect(error).toBeNull();
    expect(data).toEqual([{ count: 5, total: 44, avg: 1.8, max: 3, min: 0.75, cheapest: 1, categories: 5 }]);
    const text = await db.from('items').select('qty.sum()::text');
    expect(text.data).toEqual([{ sum: '44' }]);
    const filtered = await db.from('items').select('count()').eq('category', 'fruit');
    expect(filtered.data).toEqual([{ count: 2 }]);
  });

  it('groups by the other selected columns, in order and through embeds', async () => {
    const { data, error } = await db.from('items').select('category, qty.sum(), count()').order('category');
    expect(error).toBeNull();
    expect(data).toEqual([
      { category: 'bread', sum: 2, count: 1 },
      { category: 'fruit', sum: 14, count: 2 },
      { category: 'veg', sum: 28, count: 2 },
    ]);
    const perChannel = await db.from('channels').select('slug, messages(stars.sum(), count())').order('id');
    expect(perChannel.error).toBeNull();
    expect(perChannel.data).toEqual([
      { slug: 'general', messages: [{ sum: 14, count: 2 }] },
      { slug: 'random', messages: [{ sum: 3, count: 2 }] },
      // No GROUP BY: an aggregate over no rows is still one row, as in PostgREST's SQL.
      { slug: 'empty', messages: [{ sum: null, count: 0 }] },
    ]);
    const byEmbed = await db.from('messages').select('stars.sum(), channels(slug)');
    expect(byEmbed.error).toBeNull();
    expect([...(byEmbed.data ?? [])].sort((a, b) => a.sum - b.sum)).toEqual([{ sum: 3, channels: { slug: 'random' } }, { sum: 14, channels: { slug: 'general' } }]);
    const bySpread = await db.from('messages').select('stars.max(), ...channels(slug)');
    expect(bySpread.error).toBeNull();
    expect([...(bySpread.data ?? [])].sort((a, b) => a.max - b.max)).toEqual([{ max: 2, slug: 'random' }, { max: 9, slug: 'general' }]);
    // Aggregates inside a to-one spread apply to the parent's rows (PostgREST 14).
    const inSpread = await db.from('messages').select('channel_id, ...channels(total:id.sum(), count())').order('channel_id');
    expect(inSpread.error).toBeNull();
    expect(inSpread.data).toEqual([{ channel_id: 1, total: 2, count: 2 }, { channel_id: 2, total: 4, count: 2 }]);
    const nested = await db.from('people').select('name, messages!author_id(channels(id.sum(), ...people(owners:id.count())))').eq('id', 1).single();
    expect(nested.error).toBeNull();
    expect(nested.data).toEqual({ name: 'Ada', messages: [{ channels: { sum: 1, owners: 1 } }] });
    const csv = await db.from('items').select('category, count()').order('category').csv();
    expect(csv.data).toBe('category,count\nbread,1\nfruit,2\nveg,2');
  });

  it('answers Postgres errors for aggregates Postgres refuses, and PGRST123 when disabled', async () => {
    const badSum = await db.from('items').select('category.sum()');
    expect(badSum.status).toBe(404);
    expect(badSum.error?.code).toBe('42883');
    const spreadMany = await raw(t, `/rest/v1/channels?select=${encodeURIComponent('slug,...messages(stars.sum())')}`);
    expect(spreadMany.status).toBe(400);
    expect(spreadMany.json).toMatchObject({ code: 'PGRST127', message: 'Feature not implemented' });

    await setPgrstConfig(t, 'pgrst.db_aggregates_enabled', null);
    try {
      for (const select of ['count()', 'qty.sum()', 'category,price.avg()', 'slug,messages(count())', 'total:qty::int.sum()::text']) {
        const off = await raw(t, `/rest/v1/${select.startsWith('slug') ? 'channels' : 'items'}?select=${encodeURIComponent(select)}`);
        expect(off.status, select).toBe(400);
        expect(off.json).toEqual({ code: 'PGRST123', details: null, hint: null, message: 'Use of aggregate functions is not allowed' });
      }
      const plain = await db.from('items').select('count:id').eq('id', 1);
      expect(plain.data).toEqual([{ count: 1 }]);
    } finally {
      await setPgrstConfig(t, 'pgrst.db_aggregates_enabled', 'true');
    }
  });
});
