// Storage through supabase-js: uploads (multipart and raw), limits, upsert, list/move/remove,
// public and signed URLs, image render, bucket CRUD and storage.objects RLS.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedStorageFromFolder } from '../../../supabase/local/src/storage/seed-storage.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

async function pngOf(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 20, g: 120, b: 110 } } }).png().toBuffer();
}

function asBlob(bytes: Buffer): Blob {
  return new Blob([new Uint8Array(bytes)], { type: 'image/png' });
}

describe.each(testEngines)('storage on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let png: Buffer;

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
    png = await pngOf(400, 300);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('uploads a Blob as multipart and downloads the same bytes', async () => {
    const storage = t.service().storage.from('photos');
    const { data, error } = await storage.upload('rooms/a.png', asBlob(png));
    expect(error).toBeNull();
    expect(data).toMatchObject({ path: 'rooms/a.png', fullPath: 'photos/rooms/a.png' });
    expect(data?.id).toMatch(/^[0-9a-f-]{36}$/);

    const download = await storage.download('rooms/a.png');
    expect(download.error).toBeNull();
    expect(download.data?.type).toBe('image/png');
    expect(Buffer.from(await download.data!.arrayBuffer()).equals(png)).toBe(true);
  });

  it('uploads a Buffer as a raw body with its content type and cache-control', async () => {
    const storage = t.service().storage.from('docs');
    const text = Buffer.from('hello raw body');
    const { error } = await storage.upload('notes/raw.txt', text, { contentType: 'text/plain', cacheControl: '60' });
    expect(error).toBeNull();
    const response = await fetch(`${t.url}/storage/v1/object/docs/notes/raw.txt`, {
      headers: { apikey: t.server.keys.serviceRoleKey, authorization: `Bearer ${t.server.keys.serviceRoleKey}` },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('max-age=60');
    expect(response.headers.get('etag')).toMatch(/^".+"$/);
    expect(await response.text()).toBe('hello raw body');
  });

  it('refuses an existing key without upsert (409) and replaces it with upsert', async () => {
    const storage = t.service().storage.from('docs');
    await storage.upload('dup.txt', Buffer.from('one'), { contentType: 'text/plain' });
    const again = await storage.upload('dup.txt', Buffer.from('two'), { contentType: 'text/plain' });
    expect(again.error).toMatchObject({ status: 400, statusCode: '409' });
    const upsert = await storage.upload('dup.txt', Buffer.from('three'), { contentType: 'text/plain', upsert: true });
    expect(upsert.error).toBeNull();
    expect(await (await storage.download('dup.txt')).data!.text()).toBe('three');
  });

  it('refuses oversized (413) and wrong-type (415) uploads with the storage error shape', async () => {
    const storage = t.service().storage.from('photos');
    const big = await storage.upload('big.png', new Blob([new Uint8Array(1048577)], { type: 'image/png' }));
    expect(big.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    const wrongType = await storage.upload('note.txt', Buffer.from('not an image'), { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ status: 400, statusCode: '415' });
    expect(wrongType.error?.message).toBe('mime type text/plain is not supported');
    const missing = await t.service().storage.from('no-such-bucket').upload('x.txt', Buffer.from('x'));
    expect(missing.error).toMatchObject({ status: 400, statusCode: '404', message: 'Bucket not found' });
  });

  it('lists one level with folders, moves, copies and removes objects', async () => {
    const storage = t.service().storage.from('docs');
    for (const name of ['list/b.txt', 'list/a.txt', 'list/sub/c.txt']) {
      expect((await storage.upload(name, Buffer.from(name), { contentType: 'text/plain' })).error).toBeNull();
    }
    const listed = await storage.list('list', { sortBy: { column: 'name', order: 'asc' } });
    expect(listed.error).toBeNull();
    expect(listed.data?.map((e) => [e.name, e.id === null])).toEqual([['a.txt', false], ['b.txt', false], ['sub', true]]);
    expect((await storage.list('list', { search: 'b' })).data?.map((e) => e.name)).toEqual(['b.txt']);
    expect((await storage.list('list', { limit: 1, offset: 1 })).data?.map((e) => e.name)).toEqual(['b.txt']);

    expect((await storage.move('list/a.txt', 'list/moved.txt')).error).toBeNull();
    expect((await storage.exists('list/a.txt')).data).toBe(false);
    expect(await (await storage.download('list/moved.txt')).data!.text()).toBe('list/a.txt');
    expect((await storage.copy('list/moved.txt', 'list/copied.txt')).error).toBeNull();
    const info = await storage.info('list/copied.txt');
    expect(info.data).toMatchObject({ name: 'list/copied.txt', size: 10, contentType: 'text/plain' });

    const removed = await storage.remove(['list/moved.txt', 'list/copied.txt']);
    expect(removed.data?.map((r) => r.name).sort()).toEqual(['list/copied.txt', 'list/moved.txt']);
    expect((await storage.download('list/moved.txt')).error).toMatchObject({ statusCode: '404' });
  });

  it('serves public URLs without auth and signed URLs until they expire', async () => {
    const service = t.service();
    await service.storage.from('photos').upload('public.png', asBlob(png), { upsert: true });
    const publicUrl = service.storage.from('photos').getPublicUrl('public.png').data.publicUrl;
    const publicResponse = await fetch(publicUrl);
    expect(publicResponse.status).toBe(200);
    expect(Buffer.from(await publicResponse.arrayBuffer()).equals(png)).toBe(true);
    // A private bucket has no public URL.
    await service.storage.from('docs').upload('secret.txt', Buffer.from('secret'), { contentType: 'text/plain' });
    expect((await fetch(service.storage.from('docs').getPublicUrl('secret.txt').data.publicUrl)).status).toBe(400);

    const signed = await service.storage.from('docs').createSignedUrl('secret.txt', 60);
    expect(signed.error).toBeNull();
    const signedResponse = await fetch(signed.data!.signedUrl);
    expect(signedResponse.status).toBe(200);
    expect(await signedResponse.text()).toBe('secret');
    const tampered = await fetch(signed.data!.signedUrl.replace(/token=[^&]+/, 'token=abc'));
    expect(tampered.status).toBe(400);
    expect(await tampered.json()).toMatchObject({ statusCode: '400', code: 'InvalidJWT', message: 'jwt malformed' });

    const many = await service.storage.from('docs').createSignedUrls(['secret.txt', 'nope.txt'], 60);
    expect(many.data?.map((d) => d.error === null)).toEqual([true, false]);
  });

  it('renders images: webp of the asked width when accepted, original format otherwise, cached', async () => {
    const service = t.service();
    await service.storage.from('photos').upload('render.png', asBlob(png), { upsert: true });
    const url = service.storage.from('photos').getPublicUrl('render.png', { transform: { width: 100, quality: 70 } }).data.publicUrl;
    const first = await fetch(url, { headers: { accept: 'image/avif,image/webp,*/*' } });
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('image/webp');
    const etag = first.headers.get('etag');
    expect(etag).toBeTruthy();
    const meta = await sharp(Buffer.from(await first.arrayBuffer())).metadata();
    expect(meta).toMatchObject({ format: 'webp', width: 100, height: 75 });
    const again = await fetch(url, { headers: { accept: 'image/webp', 'if-none-match': etag! } });
    expect(again.status).toBe(304);

    const downloaded = await service.storage.from('photos').download('render.png', { transform: { width: 50, height: 50, resize: 'cover' } });
    expect(downloaded.error).toBeNull();
    const origin = await sharp(Buffer.from(await downloaded.data!.arrayBuffer())).metadata();
    expect(origin).toMatchObject({ format: 'png', width: 50, height: 50 });

    const signed = await service.storage.from('photos').createSignedUrl('render.png', 60, { transform: { width: 40 } });
    const signedRender = await fetch(signed.data!.signedUrl, { headers: { accept: 'image/webp' } });
    expect((await sharp(Buffer.from(await signedRender.arrayBuffer())).metadata()).width).toBe(40);

    const badParam = await fetch(`${t.url}/storage/v1/render/image/public/photos/render.png?resize=stretch`);
    expect(badParam.status).toBe(400);
  });

  it('applies storage.objects RLS: uploads only into the own folder, reads only own files', async () => {
    const own = await alice.client.storage.from('avatars').upload(`${alice.id}/me.png`, asBlob(png));
    expect(own.error).toBeNull();
    const foreign = await alice.client.storage.from('avatars').upload(`${bob.id}/me.png`, asBlob(png));
    expect(foreign.error).toMatchObject({ status: 400, statusCode: '403' });
    expect((await t.anon().storage.from('avatars').upload('anon.png', asBlob(png))).error).toMatchObject({ statusCode: '403' });

    expect((await alice.client.storage.from('avatars').download(`${alice.id}/me.png`)).error).toBeNull();
    expect((await bob.client.storage.from('avatars').download(`${alice.id}/me.png`)).error).toMatchObject({ statusCode: '404' });
    expect((await bob.client.storage.from('avatars').list(alice.id)).data).toEqual([]);
    expect((await bob.client.storage.from('avatars').remove([`${alice.id}/me.png`])).data).toEqual([]);
    expect((await alice.client.storage.from('avatars').list(alice.id)).data?.map((e) => e.name)).toEqual(['me.png']);
    // Upsert of an own file needs the UPDATE policy, which alice has.
    expect((await alice.client.storage.from('avatars').upload(`${alice.id}/me.png`, asBlob(png), { upsert: true })).error).toBeNull();
  });

  it('manages buckets as service_role and refuses them to anon', async () => {
    const service = t.service();
    expect((await service.storage.createBucket('temp', { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/*'] })).error).toBeNull();
    const bucket = await service.storage.getBucket('temp');
    expect(bucket.data).toMatchObject({ id: 'temp', public: false, file_size_limit: 1_000_000, allowed_mime_types: ['text/*'] });
    expect((await service.storage.createBucket('temp')).error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.updateBucket('temp', { public: true })).error).toBeNull();
    expect((await service.storage.getBucket('temp')).data?.public).toBe(true);
    expect((await service.storage.listBuckets()).data?.map((b) => b.id)).toContain('temp');
    expect((await t.anon().storage.createBucket('sneaky')).error).toMatchObject({ statusCode: '403' });
    await service.storage.from('temp').upload('x.txt', Buffer.from('x'), { contentType: 'text/plain' });
    expect((await service.storage.deleteBucket('temp')).error).toMatchObject({ statusCode: '409' });
    expect((await service.storage.emptyBucket('temp')).error).toBeNull();
    expect((await service.storage.deleteBucket('temp')).error).toBeNull();
    expect((await service.storage.getBucket('temp')).error).toMatchObject({ statusCode: '404' });
  });

  it('seeds files from <folder>/<bucket>/<path> as objects', async () => {
    const folder = await mkdtemp(join(tmpdir(), 'storage-seed-'));
    try {
      await mkdir(join(folder, 'photos', 'villas'), { recursive: true });
      await mkdir(join(folder, 'fresh-bucket'), { recursive: true });
      await writeFile(join(folder, 'photos', 'villas', 'seeded.png'), png);
      await writeFile(join(folder, 'fresh-bucket', 'hello.txt'), 'hi');
      expect(await seedStorageFromFolder(t.server.ctx, folder)).toBe(2);
      const seeded = await fetch(t.service().storage.from('photos').getPublicUrl('villas/seeded.png').data.publicUrl);
      expect(seeded.headers.get('content-type')).toBe('image/png');
      expect(Buffer.from(await seeded.arrayBuffer()).equals(png)).toBe(true);
      expect(await (await t.service().storage.from('fresh-bucket').download('hello.txt')).data!.text()).toBe('hi');
    } finally {
      await rm(folder, { recursive: true, force: true });
    }
  });

  it('answers bad input with 4xx storage errors and keeps serving', async () => {
    const headers = { apikey: t.server.keys.serviceRoleKey, authorization: `Bearer ${t.server.keys.serviceRoleKey}` };
    const cases: [string, RequestInit][] = [
      ['/object/list/docs', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{not json' }],
      ['/object/list/docs', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"limit":-1}' }],
      ['/object/docs', { method: 'DELETE', headers: { ...headers, 'content-type': 'application/json' }, body: '{"prefixes":"x"}' }],
      ['/object/docs/..%2F..%2Fescape.txt', { method: 'POST', headers: { ...headers, 'content-type': 'text/plain' }, body: 'x' }],
      ['/object/sign/docs/secret.txt', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"expiresIn":"soon"}' }],
      ['/bucket', { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: '{"name":"../x"}' }],
      ['/object/docs/x.txt', { method: 'GET', headers: { apikey: t.server.keys.anonKey, authorization: 'Bearer not-a-jwt' } }],
    ];
    for (const [path, init] of cases) {
      const response = await fetch(`${t.url}/storage/v1${path}`, init);
      expect(response.status, path).toBe(400);
      const body = (await response.json()) as { statusCode: string };
      expect(Number(body.statusCode), path).toBeGreaterThanOrEqual(400);
      expect(Number(body.statusCode), path).toBeLessThan(500);
    }
    const noKey = await fetch(`${t.url}/storage/v1/object/docs/x.txt`);
    expect(noKey.status).toBe(401);
    expect((await t.service().storage.from('docs').download('secret.txt')).error).toBeNull();
  });
});
