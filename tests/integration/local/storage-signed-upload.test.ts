// Bucket limits on every upload path (POST, PUT, signed upload URL), signed upload URLs as storage-api
// implements them (token errors, x-upsert, RLS when the URL is created), and nosniff on served objects.
import { fileURLToPath } from 'node:url';
import { SignJWT } from 'jose';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from './support/start.ts';

const projectDir = fileURLToPath(new URL('../../fixtures/storage-realtime', import.meta.url));

async function tinyImage(format: 'png' | 'webp'): Promise<Buffer> {
  return sharp({ create: { width: 4, height: 4, channels: 3, background: { r: 200, g: 40, b: 40 } } })[format]().toBuffer();
}

function blobOf(bytes: Buffer, type: string): Blob {
  return new Blob([new Uint8Array(bytes)], { type });
}

describe.each(testEngines)('storage upload limits and signed uploads on %s', (engine) => {
  let t: TestServer;
  let alice: TestUser;
  let bob: TestUser;
  let png: Buffer;
  let webp: Buffer;
  const serviceHeaders = (): Record<string, string> => ({ apikey: t.server.keys.serviceRoleKey, authorization: `Bearer ${t.server.keys.serviceRoleKey}` });

  beforeAll(async () => {
    t = await startTestServer({ engine, projectDir });
    alice = await t.mintUser('alice@example.com');
    bob = await t.mintUser('bob@example.com');
    png = await tinyImage('png');
    webp = await tinyImage('webp');
    const created = await t.service().storage.createBucket('images-only', { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['image/*'] });
    expect(created.error).toBeNull();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('enforces allowed_mime_types (with image/* wildcards) and file_size_limit on POST and PUT uploads', async () => {
    const bucket = t.service().storage.from('images-only');
    expect((await bucket.upload('ok.png', blobOf(png, 'image/png'))).error).toBeNull();
    expect((await bucket.upload('ok.webp', blobOf(webp, 'image/webp'))).error).toBeNull();

    // A string body is sent as text/plain;charset=UTF-8, and storage-api names the type as sent.
    const text = await bucket.upload('note.txt', 'hello');
    expect(text.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain;charset=UTF-8 is not supported' });
    const raw = await fetch(`${t.url}/storage/v1/object/images-only/raw.json`, {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'application/json' },
      body: '{}',
    });
    expect(raw.status).toBe(400);
    expect(await raw.json()).toEqual({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: 'mime type application/json is not supported' });

    const big = Buffer.concat([png, Buffer.alloc(2048)]);
    const tooBig = await fetch(`${t.url}/storage/v1/object/images-only/big.png`, {
      method: 'POST',
      headers: { ...serviceHeaders(), 'content-type': 'image/png' },
      body: new Uint8Array(big),
    });
    expect(tooBig.status).toBe(400);
    expect(await tooBig.json()).toEqual({ statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size' });
    expect((await bucket.upload('big.png', blobOf(big, 'image/png'))).error).toMatchObject({ statusCode: '413' });
    expect((await bucket.exists('big.png')).data).toBe(false);

    // update() (PUT) is held to the same limits and leaves the stored object as it was.
    expect((await bucket.update('ok.png', blobOf(big, 'image/png'))).error).toMatchObject({ status: 400, statusCode: '413' });
    expect((await bucket.update('ok.png', Buffer.from('plain'), { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '415' });
    const kept = await bucket.download('ok.png');
    expect(Buffer.from(await kept.data!.arrayBuffer()).equals(png)).toBe(true);
  });

  it('creates a signed upload URL and uploads through it without auth, as the creator', async () => {
    const created = await alice.client.storage.from('avatars').createSignedUploadUrl(`${alice.id}/signed.png`);
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ path: `${alice.id}/signed.png` });
    expect(created.data!.signedUrl).toBe(`${t.url}/storage/v1/object/upload/sign/avatars/${alice.id}/signed.png?token=${created.data!.token}`);

    // anon client: the token is the only permission the upload needs.
    const uploaded = await t.anon().storage.from('avatars').uploadToSignedUrl(`${alice.id}/signed.png`, created.data!.token, blobOf(png, 'image/png'));
    expect(uploaded.error).toBeNull();
    expect(uploaded.data).toEqual({ path: `${alice.id}/signed.png`, fullPath: `avatars/${alice.id}/signed.png` });
    // The object belongs to the URL's creator: alice's owner-only select policy lets her read it.
    const mine = await alice.client.storage.from('avatars').download(`${alice.id}/signed.png`);
    expect(Buffer.from(await mine.data!.arrayBuffer()).equals(png)).toBe(true);
    expect((await bob.client.storage.from('avatars').download(`${alice.id}/signed.png`)).error).toMatchObject({ statusCode: '404' });

    // Without upsert the same token cannot overwrite.
    const again = await t.anon().storage.from('avatars').uploadToSignedUrl(`${alice.id}/signed.png`, created.data!.token, blobOf(png, 'image/png'));
    expect(again.error).toMatchObject({ status: 400, statusCode: '409' });
  });

  it('answers the raw PUT with {Key} only and honours x-upsert chosen when the URL was created', async () => {
    const bucket = t.service().storage.from('images-only');
    const first = await bucket.createSignedUploadUrl('signed/replace.png');
    const put = await fetch(first.data!.signedUrl, { method: 'PUT', headers: { 'content-type': 'image/png' }, body: new Uint8Array(png) });
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ Key: 'images-only/signed/replace.png' });

    const upsert = await bucket.createSignedUploadUrl('signed/replace.png', { upsert: true });
    expect((await t.anon().storage.from('images-only').uploadToSignedUrl('signed/replace.png', upsert.data!.token, blobOf(webp, 'image/webp'))).error).toBeNull();
    const replaced = await bucket.download('signed/replace.png');
    expect(replaced.data!.type).toBe('image/webp');
    expect(Buffer.from(await replaced.data!.arrayBuffer()).equals(webp)).toBe(true);
  });

  it('applies the bucket limits to signed uploads', async () => {
    const bucket = t.service().storage.from('images-only');
    const signed = await bucket.createSignedUploadUrl('signed/limits.png');
    const token = signed.data!.token;
    const anon = t.anon().storage.from('images-only');
    const wrongType = await anon.uploadToSignedUrl('signed/limits.png', token, Buffer.from('text'), { contentType: 'text/plain' });
    expect(wrongType.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type text/plain is not supported' });
    const tooBig = await anon.uploadToSignedUrl('signed/limits.png', token, blobOf(Buffer.concat([png, Buffer.alloc(2048)]), 'image/png'));
    expect(tooBig.error).toMatchObject({ status: 400, statusCode: '413', message: 'The object exceeded the maximum allowed size' });
    expect((await bucket.exists('signed/limits.png')).data).toBe(false);
    expect((await anon.uploadToSignedUrl('signed/limits.png', token, blobOf(png, 'image/png'))).error).toBeNull();
  });

  it('refuses malformed, forged, expired, misdirected and download-scoped tokens as storage-api does', async () => {
    const put = async (path: string, token: string): Promise<{ status: number; body: unknown }> => {
      const response = await fetch(`${t.url}/storage/v1/object/upload/sign/images-only/${path}?token=${encodeURIComponent(token)}`, {
        method: 'PUT',
        headers: { 'content-type': 'image/png' },
        body: new Uint8Array(png),
      });
      return { status: response.status, body: await response.json() };
    };
    const sign = (secret: string, claims: Record<string, unknown>, exp: number): Promise<string> =>
      new SignJWT(claims).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(exp - 60).setExpirationTime(exp).sign(new TextEncoder().encode(secret));
    const now = Math.floor(Date.now() / 1000);
    const claims = { url: 'images-only/x.png', upsert: false, scope: 'upload' };

    expect(await put('x.png', 'not-a-jwt')).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt malformed' } });
    const forged = await sign('another-secret-that-is-at-least-32-chars', claims, now + 600);
    expect(await put('x.png', forged)).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'invalid signature' } });
    const expired = await sign(t.server.keys.jwtSecret, claims, now - 10);
    expect(await put('x.png', expired)).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'jwt expired' } });

    const other = await t.service().storage.from('images-only').createSignedUploadUrl('y.png');
    expect(await put('x.png', other.data!.token)).toEqual({ status: 400, body: { statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Invalid signature' } });

    await t.service().storage.from('images-only').upload('download-me.png', blobOf(png, 'image/png'), { upsert: true });
    const download = await t.service().storage.from('images-only').createSignedUrl('download-me.png', 60);
    const downloadToken = new URL(download.data!.signedUrl).searchParams.get('token')!;
    expect(await put('download-me.png', downloadToken)).toEqual({
      status: 400,
      body: { statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Token is not scoped for upload' },
    });
    // And the other way round: an upload token does not download.
    const uploadToken = (await t.service().storage.from('images-only').createSignedUploadUrl('download-me.png', { upsert: true })).data!.token;
    const asDownload = await fetch(`${t.url}/storage/v1/object/sign/images-only/download-me.png?token=${uploadToken}`);
    expect(await asDownload.json()).toMatchObject({ statusCode: '400', code: 'InvalidSignature', message: 'Token is not scoped for download' });
  });

  it('needs INSERT permission on storage.objects to create a signed upload URL (and UPDATE too with upsert)', async () => {
    const foreign = await alice.client.storage.from('avatars').createSignedUploadUrl(`${bob.id}/intrude.png`);
    expect(foreign.error).toMatchObject({ status: 400, statusCode: '403' });
    expect((await t.anon().storage.from('avatars').createSignedUploadUrl('anon.png')).error).toMatchObject({ statusCode: '403' });
    expect((await t.anon().storage.from('no-such-bucket').createSignedUploadUrl('x.png')).error).toMatchObject({ statusCode: '404', message: 'Bucket not found' });
    // Bob has INSERT and owner-only UPDATE in his own folder; upsert over his own file is allowed.
    await bob.client.storage.from('avatars').upload(`${bob.id}/mine.png`, blobOf(png, 'image/png'));
    expect((await bob.client.storage.from('avatars').createSignedUploadUrl(`${bob.id}/mine.png`, { upsert: true })).error).toBeNull();
  });

  it('serves every object with X-Content-Type-Options: nosniff (public, authenticated, signed, render)', async () => {
    const service = t.service();
    await service.storage.from('photos').upload('nosniff.png', blobOf(png, 'image/png'), { upsert: true });
    const signed = await service.storage.from('photos').createSignedUrl('nosniff.png', 60);
    const signedRender = await service.storage.from('photos').createSignedUrl('nosniff.png', 60, { transform: { width: 2 } });
    const urls: [string, RequestInit][] = [
      [service.storage.from('photos').getPublicUrl('nosniff.png').data.publicUrl, {}],
      [`${t.url}/storage/v1/object/authenticated/photos/nosniff.png`, { headers: serviceHeaders() }],
      [`${t.url}/storage/v1/object/photos/nosniff.png`, { headers: serviceHeaders() }],
      [signed.data!.signedUrl, {}],
      [service.storage.from('photos').getPublicUrl('nosniff.png', { transform: { width: 2 } }).data.publicUrl, {}],
      [`${t.url}/storage/v1/render/image/authenticated/photos/nosniff.png?width=2`, { headers: serviceHeaders() }],
      [signedRender.data!.signedUrl, {}],
    ];
    for (const [url, init] of urls) {
      const response = await fetch(url, init);
      expect(response.status, url).toBe(200);
      expect(response.headers.get('x-content-type-options'), url).toBe('nosniff');
      await response.arrayBuffer();
    }
    const head = await fetch(service.storage.from('photos').getPublicUrl('nosniff.png').data.publicUrl, { method: 'HEAD' });
    expect(head.headers.get('x-content-type-options')).toBe('nosniff');
  });
});
