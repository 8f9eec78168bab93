// POST /storage/v1/object/list-v2/{bucket} through storage-js listV2, as storage-api implements it:
// flat and delimited listings, name and timestamp sorts, cursor pagination, cursor errors and RLS.
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

type ListV2Options = Parameters<ReturnType<SupabaseClient['storage']['from']>['listV2']>[0];

/** Every page of a listing, following nextCursor until hasNext is false. */
async function allPages(client: SupabaseClient, bucket: string, options: ListV2Options): Promise<{ folders: string[]; objects: string[] }[]> {
  const pages: { folders: string[]; objects: string[] }[] = [];
  let cursor: string | undefined;
  for (let i = 0; i < 50; i += 1) {
    const { data, error } = await client.storage.from(bucket).listV2({ ...options, ...(cursor ? { cursor } : {}) });
    expect(error).toBeNull();
    pages.push({ folders: data!.folders.map((f) => f.name), objects: data!.objects.map((o) => o.name) });
    if (!data!.hasNext) {
      expect(data!.nextCursor).toBeUndefined();
      return pages;
    }
    expect(typeof data!.nextCursor).toBe('string');
    cursor = data!.nextCursor;
  }
  throw new Error('listing did not end');
}

describe.each(testEngines)('storage list-v2 on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  const names = ['c.txt', 'b/two.txt', 'a.txt', 'b/deep/three.txt', 'b.txt', 'b/one.txt', 'd/x.txt'];
  const byteOrder = ['a.txt', 'b.txt', 'b/deep/three.txt', 'b/one.txt', 'b/two.txt', 'c.txt', 'd/x.txt'];
  /** Uploaded a few ms apart, in this order, so created_at orders them. */
  const timeline = ['t/3.txt', 't/1.txt', 't/sub/x.txt', 't/2.txt'];

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
    const service = t.service();
    expect((await service.storage.createBucket('listing')).error).toBeNull();
    for (const name of names) {
      expect((await service.storage.from('listing').upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
    expect((await service.storage.createBucket('timeline')).error).toBeNull();
    for (const name of timeline) {
      expect((await service.storage.from('timeline').upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
      await new Promise((resolve) => setTimeout(resolve, 15));
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists every object under the prefix flat, in byte order, with the object fields and no folders', async () => {
    const { data, error } = await t.service().storage.from('listing').listV2();
    expect(error).toBeNull();
    expect(data).toMatchObject({ hasNext: false, folders: [] });
    expect(data!.nextCursor).toBeUndefined();
    expect(data!.objects.map((o) => o.name)).toEqual(byteOrder);
    const first = data!.objects[0]!;
    expect(first.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(first.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(first.updated_at).toMatch(/Z$/);
    expect(first.metadata).toMatchObject({ size: 5, mimetype: 'text/plain' });
    // A flat listing (storage.objects rows) carries no `key`.
    expect(first).not.toHaveProperty('key');

    const underB = await t.service().storage.from('listing').listV2({ prefix: 'b/' });
    expect(underB.data!.objects.map((o) => o.name)).toEqual(['b/deep/three.txt', 'b/one.txt', 'b/two.txt']);
    // The prefix is a plain string prefix, not a folder.
    const startsWithB = await t.service().storage.from('listing').listV2({ prefix: 'b' });
    expect(startsWithB.data!.objects.map((o) => o.name)).toEqual(['b.txt', 'b/deep/three.txt', 'b/one.txt', 'b/two.txt']);
  });

  it('pages a flat listing with nextCursor, ascending and descending', async () => {
    const service = t.service();
    const first = await service.storage.from('listing').listV2({ limit: 3 });
    expect(first.data).toMatchObject({ hasNext: true });
    expect(first.data!.objects.map((o) => o.name)).toEqual(byteOrder.slice(0, 3));
    // storage-api's continuation token: base64 of `l:<last name>` (defaults left out).
    expect(Buffer.from(first.data!.nextCursor!, 'base64').toString()).toBe('l:b/deep/three.txt');

    const asc = await allPages(service, 'listing', { limit: 3 });
    expect(asc.map((p) => p.objects)).toEqual([byteOrder.slice(0, 3), byteOrder.slice(3, 6), byteOrder.slice(6)]);

    const desc = await allPages(service, 'listing', { limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(desc.flatMap((p) => p.objects)).toEqual([...byteOrder].reverse());
    expect(desc.map((p) => p.objects.length)).toEqual([2, 2, 2, 1]);
  });

  it('groups keys into folders at the next "/" with with_delimiter, and pages across folders and files', async () => {
    const service = t.service();
    const root = await service.storage.from('listing').listV2({ with_delimiter: true });
    expect(root.error).toBeNull();
    expect(root.data!.hasNext).toBe(false);
    expect(root.data!.folders.map((f) => [f.key, f.name])).toEqual([['b', 'b/'], ['d', 'd/']]);
    expect(root.data!.folders[0]).toMatchObject({ id: null, metadata: null });
    expect(root.data!.objects.map((o) => [o.key, o.name])).toEqual([['a.txt', 'a.txt'], ['b.txt', 'b.txt'], ['c.txt', 'c.txt']]);

    const inB = await service.storage.from('listing').listV2({ prefix: 'b/', with_delimiter: true });
    expect(inB.data!.folders.map((f) => [f.key, f.name])).toEqual([['deep', 'b/deep/']]);
    expect(inB.data!.objects.map((o) => [o.key, o.name])).toEqual([['one.txt', 'b/one.txt'], ['two.txt', 'b/two.txt']]);
    expect(inB.data!.objects[0]!.metadata).toMatchObject({ size: 9 });

    // Byte order puts "b.txt" before the folder "b/"; a page ending on a folder resumes after all of it.
    const pages = await allPages(service, 'listing', { with_delimiter: true, limit: 2 });
    expect(pages).toEqual([
      { folders: [], objects: ['a.txt', 'b.txt'] },
      { folders: ['b/'], objects: ['c.txt'] },
      { folders: ['d/'], objects: [] },
    ]);
    const desc = await allPages(service, 'listing', { with_delimiter: true, limit: 2, sortBy: { column: 'name', order: 'desc' } });
    expect(desc).toEqual([
      { folders: ['d/'], objects: ['c.txt'] },
      { folders: ['b/'], objects: ['b.txt'] },
      { folders: [], objects: ['a.txt'] },
    ]);
  });

  it('sorts by created_at and pages with the timestamp in the cursor', async () => {
    const service = t.service();
    const flat = await allPages(service, 'timeline', { limit: 2, sortBy: { column: 'created_at', order: 'asc' } });
    expect(flat.flatMap((p) => p.objects)).toEqual(timeline);
    const newestFirst = await allPages(service, 'timeline', { limit: 3, sortBy: { column: 'created_at', order: 'desc' } });
    expect(newestFirst.flatMap((p) => p.objects)).toEqual([...timeline].reverse());

    const first = await service.storage.from('timeline').listV2({ limit: 1, sortBy: { column: 'created_at', order: 'desc' } });
    const token = Buffer.from(first.data!.nextCursor!, 'base64').toString().split('\n');
    expect(token).toEqual(['l:t/2.txt', 'o:desc', 'c:created_at', expect.stringMatching(/^a:\d{4}-\d\d-\d\dT[\d:.]+Z$/)]);

    // Delimited: a folder sorts by its oldest object's created_at.
    const grouped = await allPages(service, 'timeline', { prefix: 't/', with_delimiter: true, limit: 2, sortBy: { column: 'created_at', order: 'asc' } });
    expect(grouped).toEqual([
      { folders: [], objects: ['t/3.txt', 't/1.txt'] },
      { folders: ['t/sub/'], objects: ['t/2.txt'] },
    ]);
  });

  it('refuses a malformed cursor and an invalid limit with 400, and lists an unknown bucket as empty', async () => {
    const storage = t.service().storage;
    const bad = await storage.from('listing').listV2({ cursor: Buffer.from('x:nope').toString('base64') });
    expect(bad.error).toMatchObject({ status: 400, statusCode: '400', message: 'Invalid Parameter continuation token' });
    const badOrder = await storage.from('listing').listV2({ cursor: Buffer.from('l:a.txt\no:sideways').toString('base64') });
    expect(badOrder.error).toMatchObject({ status: 400, statusCode: '400' });
    const zero = await storage.from('listing').listV2({ limit: 0 });
    expect(zero.error).toMatchObject({ status: 400, statusCode: '400' });
    const response = await fetch(`${t.url}/storage/v1/object/list-v2/listing`, {
      method: 'POST',
      headers: { apikey: t.server.keys.serviceRoleKey, authorization: `Bearer ${t.server.keys.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ cursor: Buffer.from('bogus').toString('base64') }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '400', code: 'MissingParameter', error: 'MissingParameter', message: 'Invalid Parameter continuation token' });

    const unknown = await storage.from('no-such-bucket').listV2();
    expect(unknown).toMatchObject({ error: null, data: { hasNext: false, folders: [], objects: [] } });
  });

  it('applies storage.objects RLS: callers list only the rows they may select', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    for (const user of [alice, bob]) {
      const upload = await user.client.storage.from('avatars').upload(`${user.id}/me.png`, new Blob([new Uint8Array(png)], { type: 'image/png' }));
      expect(upload.error).toBeNull();
    }
    const seenByAlice = await alice.client.storage.from('avatars').listV2({ with_delimiter: true });
    expect(seenByAlice.data!.folders.map((f) => f.key)).toEqual([alice.id]);
    expect((await alice.client.storage.from('avatars').listV2()).data!.objects.map((o) => o.name)).toEqual([`${alice.id}/me.png`]);
    expect((await bob.client.storage.from('avatars').listV2({ prefix: `${alice.id}/` })).data!.objects).toEqual([]);
    expect((await t.anon().storage.from('avatars').listV2()).data!.objects).toEqual([]);
    const all = await t.service().storage.from('avatars').listV2({ with_delimiter: true });
    expect(all.data!.folders.map((f) => f.key).sort()).toEqual([alice.id, bob.id].sort());
  });
});
