// Stored XSS through storage: the photo buckets take raster images only (migration 20250601001300),
// refuse traversal and foreign folders, and every object answer carries nosniff and a sandboxing CSP.
// Runs on the app's own migrations. Users write the photo buckets only through the upload-photo function
// (docs/decisions/photo-metadata.md), which checks the bytes against the declared type: Storage itself, as
// on hosted, trusts the declared type (its checks below are seen by the service role, which upload-photo uses).
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALLOWED_PHOTO_TYPES } from '../../../src/domain/constants.ts';
import { photoFileSchema, UNSUPPORTED_PHOTO_TYPE } from '../../../src/domain/schemas/photo-file.ts';
import { createProperty } from '../../../supabase/tests/support/fixtures.ts';
import { startTestServer, testEngines, type TestServer } from '../local/support/start.ts';

const photoBuckets = ['profile-photos', 'property-photos', 'room-photos'] as const;
const seedPhotos = fileURLToPath(new URL('../../../supabase/seed/storage/property-photos', import.meta.url));

const scriptSvg = '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.domain)"><script>fetch("/steal?c="+document.cookie)</script></svg>';
const scriptHtml = '<!DOCTYPE html><html><body><script>alert(document.domain)</script></body></html>';
const csp = "default-src 'none'; sandbox";

type Format = 'png' | 'webp' | 'jpeg' | 'avif' | 'gif';

function imageOf(format: Format, seed = 1): Promise<Buffer> {
  return sharp({ create: { width: 24, height: 16, channels: 3, background: { r: 40 * seed, g: 120, b: 110 } } }).toFormat(format).toBuffer();
}

interface StorageErrorBody {
  statusCode: string;
  error: string;
  message: string;
}

interface RawAnswer {
  status: number;
  body: string;
}

/** A request whose path goes out byte for byte (fetch would resolve `..` and `%2e%2e` first). */
function rawRequest(base: string, method: string, path: string, headers: Record<string, string>, body?: Buffer | string): Promise<RawAnswer> {
  const url = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: url.hostname, port: url.port, method, path, headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body: Buffer.concat(chunks).toString('utf8') }));
    });
    request.on('error', reject);
    if (body !== undefined) request.write(body);
    request.end();
  });
}

function expectSecurityHeaders(response: Response, label: string): void {
  expect(response.headers.get('x-content-type-options'), label).toBe('nosniff');
  expect(response.headers.get('content-security-policy'), label).toBe(csp);
}

describe.each(testEngines)('storage uploads on %s', (engine) => {
  let t: TestServer;
  let guest: { id: string; token: string; client: SupabaseClient };
  let otherGuest: { id: string; token: string; client: SupabaseClient };
  let host: { id: string; token: string; client: SupabaseClient };
  let otherHost: { id: string; token: string; client: SupabaseClient };
  let propertyId: string;

  /** A signed-up user with a real session (upload-photo asks the auth server who the token belongs to). */
  async function user(role: 'guest' | 'host'): Promise<{ id: string; token: string; client: SupabaseClient }> {
    const session = await t.signUp(`${role}.${randomUUID()}@uploads.test`, undefined, { role });
    return { id: session.id, token: session.accessToken, client: session.client };
  }

  /** The folder a caller may write in each bucket. */
  function folderFor(bucket: (typeof photoBuckets)[number]): { client: SupabaseClient; folder: string } {
    return bucket === 'profile-photos' ? { client: guest.client, folder: guest.id } : { client: host.client, folder: propertyId };
  }

  /** The app's way in: the upload-photo Edge Function with the user's token. */
  function uploadPhoto(token: string, bucket: string, path: string, bytes: Buffer | string, type: string): Promise<Response> {
    return fetch(`${t.url}/functions/v1/upload-photo?bucket=${bucket}&path=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${token}`, 'content-type': type },
      body: typeof bytes === 'string' ? bytes : new Uint8Array(bytes),
    });
  }

  async function storedObject(bucket: string, key: string): Promise<Buffer | null> {
    const { data } = await t.service().storage.from(bucket).download(key);
    return data ? Buffer.from(await data.arrayBuffer()) : null;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine });
    guest = await user('guest');
    otherGuest = await user('guest');
    host = await user('host');
    otherHost = await user('host');
    propertyId = await createProperty(t.server.ctx.db, host.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('configures the three photo buckets with the raster types the app accepts', async () => {
    const { data, error } = await t.service().storage.listBuckets();
    expect(error).toBeNull();
    for (const bucket of photoBuckets) {
      expect(data?.find((b) => b.id === bucket)?.allowed_mime_types, bucket).toEqual([...ALLOWED_PHOTO_TYPES]);
    }
  });

  it.each(photoBuckets)('refuses an SVG carrying a script in %s, as a Blob and as a raw body', async (bucket) => {
    const { client, folder } = folderFor(bucket);
    const asBlob = await client.storage.from(bucket).upload(`${folder}/evil.svg`, new Blob([scriptSvg], { type: 'image/svg+xml' }));
    expect(asBlob.error).toMatchObject({ status: 400, statusCode: '415', message: 'mime type image/svg+xml is not supported' });
    const raw = await client.storage.from(bucket).upload(`${folder}/evil2.svg`, Buffer.from(scriptSvg), { contentType: 'image/svg+xml' });
    expect(raw.error).toMatchObject({ statusCode: '415' });
    expect(await storedObject(bucket, `${folder}/evil.svg`)).toBeNull();
    expect(await storedObject(bucket, `${folder}/evil2.svg`)).toBeNull();
  });

  it('answers a refused type with storage-api\'s error body: HTTP 400, statusCode "415", error invalid_mime_type', async () => {
    const response = await fetch(`${t.url}/storage/v1/object/profile-photos/${guest.id}/x.svg`, {
      method: 'POST',
      headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${guest.token}`, 'content-type': 'image/svg+xml' },
      body: scriptSvg,
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ statusCode: '415', code: 'InvalidMimeType', error: 'invalid_mime_type', message: 'mime type image/svg+xml is not supported' });
  });

  it('refuses HTML labelled image/png: Storage takes no user write, and upload-photo checks the bytes', async () => {
    // Hosted Storage trusts the label, so the bucket's RLS keeps users out and the function looks at the bytes.
    const direct = await guest.client.storage.from('profile-photos').upload(`${guest.id}/page.png`, new Blob([scriptHtml], { type: 'image/png' }));
    expect(direct.error).toMatchObject({ statusCode: '403' });
    const response = await uploadPhoto(guest.token, 'profile-photos', `${guest.id}/page.png`, scriptHtml, 'image/png');
    expect(response.status).toBe(415);
    expect(await response.json()).toMatchObject({ error: 'The file content does not match mime type image/png' });
    expect(await storedObject('profile-photos', `${guest.id}/page.png`)).toBeNull();
  });

  it('refuses text labelled image/jpeg, and a PNG labelled image/webp, through upload-photo', async () => {
    const text = await uploadPhoto(guest.token, 'profile-photos', `${guest.id}/note.jpg`, 'just some text, not a photo', 'image/jpeg');
    expect(text.status).toBe(415);
    const swapped = await uploadPhoto(host.token, 'room-photos', `${propertyId}/swapped.webp`, await imageOf('png'), 'image/webp');
    expect(swapped.status).toBe(415);
    expect(await storedObject('profile-photos', `${guest.id}/note.jpg`)).toBeNull();
    expect(await storedObject('room-photos', `${propertyId}/swapped.webp`)).toBeNull();
  });

  it.each<[Format, string]>([
    ['png', 'image/png'],
    ['webp', 'image/webp'],
    ['jpeg', 'image/jpeg'],
    ['avif', 'image/avif'],
  ])('accepts a real %s (%s) and serves it back with its type', async (format, mime) => {
    const bytes = await imageOf(format);
    const path = `${propertyId}/photo.${format}`;
    const { error } = await t.service().storage.from('property-photos').upload(path, new Blob([new Uint8Array(bytes)], { type: mime }), { upsert: true });
    expect(error).toBeNull();
    const served = await fetch(t.anon().storage.from('property-photos').getPublicUrl(path).data.publicUrl);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe(mime);
    expect(Buffer.from(await served.arrayBuffer()).equals(bytes)).toBe(true);
  });

  it('accepts the demo seed photos (webp) as the app uploads them: raw body with the file type, through upload-photo', async () => {
    const [name] = (await readdir(seedPhotos, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => `${e.parentPath}/${e.name}`);
    const bytes = await readFile(name!);
    const session = await t.signUp(`seed.host.${Date.now()}@uploads.test`, undefined, { role: 'host' });
    const { data: listing } = await session.client.from('properties').insert({ host_id: session.id, name: 'Seed Villa', city: 'Lisbon', country: 'Portugal', price_per_week: 200 }).select('id').single();
    const path = `${listing!.id as string}/${Date.now()}-seed.webp`;
    const response = await fetch(`${t.url}/functions/v1/upload-photo?bucket=property-photos&path=${encodeURIComponent(path)}`, {
      method: 'POST',
      headers: { apikey: t.server.keys.anonKey, authorization: `Bearer ${session.accessToken}`, 'content-type': 'image/webp' },
      body: new Uint8Array(bytes),
    });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ path: `/storage/v1/object/public/property-photos/${path}` });
  });

  it('refuses an upsert with a bad type or bad bytes and leaves the stored photo unchanged', async () => {
    const path = `${guest.id}/avatar.png`;
    const original = await imageOf('png', 2);
    expect((await t.service().storage.from('profile-photos').upload(path, original, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const svg = await guest.client.storage.from('profile-photos').upload(path, Buffer.from(scriptSvg), { contentType: 'image/svg+xml', upsert: true });
    expect(svg.error).toMatchObject({ statusCode: '415' });
    const html = await guest.client.storage.from('profile-photos').upload(path, Buffer.from(scriptHtml), { contentType: 'image/png', upsert: true });
    expect(html.error).toMatchObject({ statusCode: '403' });
    const update = await guest.client.storage.from('profile-photos').update(path, Buffer.from(scriptHtml), { contentType: 'image/png' });
    expect(update.error).toMatchObject({ statusCode: '403' });
    expect((await uploadPhoto(guest.token, 'profile-photos', path, scriptHtml, 'image/png')).status).toBe(415);
    expect((await uploadPhoto(guest.token, 'profile-photos', path, scriptSvg, 'image/svg+xml')).status).toBe(415);
    expect((await storedObject('profile-photos', path))?.equals(original)).toBe(true);
    const info = await t.service().storage.from('profile-photos').info(path);
    expect(info.data).toMatchObject({ contentType: 'image/png', size: original.byteLength });
  });

  it('gives users no signed upload URL for a photo bucket (it would carry any body the label allows)', async () => {
    const signed = await guest.client.storage.from('profile-photos').createSignedUploadUrl(`${guest.id}/signed.png`);
    expect(signed.error).toMatchObject({ statusCode: '403' });
    // A signed upload URL made by the service role takes what its label says, as on hosted: none is made.
    const service = await t.service().storage.from('profile-photos').createSignedUploadUrl(`${guest.id}/signed.png`);
    const svg = await guest.client.storage.from('profile-photos').uploadToSignedUrl(`${guest.id}/signed.png`, service.data!.token, new Blob([scriptSvg], { type: 'image/svg+xml' }));
    expect(svg.error).toMatchObject({ statusCode: '415' });
    expect(await storedObject('profile-photos', `${guest.id}/signed.png`)).toBeNull();
  });

  it.each([
    ['../x.png', `/object/profile-photos/GUEST/../x.png`],
    ['%2e%2e/', `/object/profile-photos/GUEST/%2e%2e/%2e%2e/x.png`],
    ['..%2f', `/object/profile-photos/GUEST/..%2f..%2fx.png`],
    ['%2e%2e%2f', `/object/profile-photos/%2e%2e%2fproperty-photos%2fx.png`],
    ['backslash', `/object/profile-photos/GUEST/..%5c..%5cx.png`],
    ['NUL', `/object/profile-photos/GUEST/x.png%00.svg`],
  ])('refuses the traversal name %s and writes nothing outside the folder', async (_label, template) => {
    const bytes = await imageOf('png');
    const path = `/storage/v1${template.replace('GUEST', guest.id)}`;
    const answer = await rawRequest(t.url, 'POST', path, { apikey: t.server.keys.anonKey, authorization: `Bearer ${guest.token}`, 'content-type': 'image/png' }, bytes);
    // `..` segments the URL parser resolves leave no object key (404 from the gateway); the ones that
    // reach storage are an InvalidKey (HTTP 400, statusCode 400).
    expect(answer.status, answer.body).toBeGreaterThanOrEqual(400);
    expect(answer.status, answer.body).toBeLessThan(500);
    if (answer.status === 400) {
      const body = JSON.parse(answer.body) as StorageErrorBody;
      expect(Number(body.statusCode)).toBeGreaterThanOrEqual(400);
      expect(Number(body.statusCode)).toBeLessThan(500);
    }
    for (const [bucket, key] of [['profile-photos', 'x.png'], ['property-photos', 'x.png'], ['profile-photos', `${guest.id}/x.png`]] as const) {
      expect(await storedObject(bucket, key), `${bucket}/${key}`).toBeNull();
    }
  });

  it("refuses uploads into another user's folder or another host's property", async () => {
    const png = await imageOf('png');
    const foreign = await guest.client.storage.from('profile-photos').upload(`${otherGuest.id}/me.png`, png, { contentType: 'image/png' });
    expect(foreign.error).toMatchObject({ statusCode: '403' });
    const loose = await guest.client.storage.from('profile-photos').upload('me.png', png, { contentType: 'image/png' });
    expect(loose.error).toMatchObject({ statusCode: '403' });
    const listing = await otherHost.client.storage.from('property-photos').upload(`${propertyId}/takeover.png`, png, { contentType: 'image/png' });
    expect(listing.error).toMatchObject({ statusCode: '403' });
    const anon = await t.anon().storage.from('room-photos').upload(`${propertyId}/anon.png`, png, { contentType: 'image/png' });
    expect(anon.error).toMatchObject({ statusCode: '403' });
    expect(await storedObject('profile-photos', `${otherGuest.id}/me.png`)).toBeNull();
    expect(await storedObject('property-photos', `${propertyId}/takeover.png`)).toBeNull();
  });

  it('sends nosniff and a sandboxing CSP with every object answer: public, authenticated, signed, render, HEAD, 304 and errors', async () => {
    const path = `${guest.id}/headers.png`;
    const png = await imageOf('png', 3);
    expect((await t.service().storage.from('profile-photos').upload(path, png, { contentType: 'image/png', upsert: true })).error).toBeNull();
    const auth = { apikey: t.server.keys.anonKey, authorization: `Bearer ${guest.token}` };
    const signed = await guest.client.storage.from('profile-photos').createSignedUrl(path, 60);
    const signedRender = await guest.client.storage.from('profile-photos').createSignedUrl(path, 60, { transform: { width: 8 } });
    const base = `${t.url}/storage/v1`;
    const requests: [string, string, RequestInit?][] = [
      ['public', `${base}/object/public/profile-photos/${path}`],
      ['public HEAD', `${base}/object/public/profile-photos/${path}`, { method: 'HEAD' }],
      ['public ?download', `${base}/object/public/profile-photos/${path}?download=a.png`],
      ['authenticated', `${base}/object/authenticated/profile-photos/${path}`, { headers: auth }],
      ['plain GET', `${base}/object/profile-photos/${path}`, { headers: auth }],
      ['signed', signed.data!.signedUrl],
      ['render public', `${base}/render/image/public/profile-photos/${path}?width=8`],
      ['render authenticated', `${base}/render/image/authenticated/profile-photos/${path}?width=8`, { headers: auth }],
      ['render signed', signedRender.data!.signedUrl],
      ['missing object', `${base}/object/public/profile-photos/${guest.id}/nope.png`],
      ['bad signature', `${base}/object/sign/profile-photos/${path}?token=forged`],
      ['unknown route', `${base}/nowhere`],
    ];
    for (const [label, url, init] of requests) {
      const response = await fetch(url, init);
      expect(response.status, label).toBeLessThan(500);
      expectSecurityHeaders(response, label);
      await response.arrayBuffer();
    }
    const first = await fetch(`${base}/object/public/profile-photos/${path}`);
    await first.arrayBuffer();
    const notModified = await fetch(`${base}/object/public/profile-photos/${path}`, { headers: { 'if-none-match': first.headers.get('etag')! } });
    expect(notModified.status).toBe(304);
    expectSecurityHeaders(notModified, '304');
  });

  it('serves HTML stored in an unrestricted bucket as text/plain, with nosniff and the CSP', async () => {
    const service = t.service();
    expect((await service.storage.createBucket('scratch', { public: true })).error).toBeNull();
    expect((await service.storage.from('scratch').upload('page.html', Buffer.from(scriptHtml), { contentType: 'text/html' })).error).toBeNull();
    const response = await fetch(service.storage.from('scratch').getPublicUrl('page.html').data.publicUrl);
    expect(response.headers.get('content-type')).toBe('text/plain; charset=utf-8');
    expectSecurityHeaders(response, 'html');
    expect(await response.text()).toBe(scriptHtml);
  });

  it('keeps copies and moves from bringing a refused type into a photo bucket', async () => {
    const service = t.service();
    expect((await service.storage.from('scratch').upload('evil.svg', Buffer.from(scriptSvg), { contentType: 'image/svg+xml', upsert: true })).error).toBeNull();
    const copy = await service.storage.from('scratch').copy('evil.svg', `${guest.id}/evil.svg`, { destinationBucket: 'profile-photos' });
    expect(copy.error).toMatchObject({ statusCode: '415' });
    const move = await service.storage.from('scratch').move('evil.svg', `${guest.id}/evil.svg`, { destinationBucket: 'profile-photos' });
    expect(move.error).toMatchObject({ statusCode: '415' });
    expect(await storedObject('profile-photos', `${guest.id}/evil.svg`)).toBeNull();
    expect(await storedObject('scratch', 'evil.svg')).not.toBeNull();
  });

  it('matches image/* entries of other projects by type and, as hosted Storage does, trusts the declared type', async () => {
    const service = t.service();
    expect((await service.storage.createBucket('any-image', { public: true, allowedMimeTypes: ['image/*'] })).error).toBeNull();
    const bucket = service.storage.from('any-image');
    expect((await bucket.upload('a.gif', await imageOf('gif'), { contentType: 'image/gif' })).error).toBeNull();
    expect((await bucket.upload('b.png', await imageOf('png'), { contentType: 'image/png' })).error).toBeNull();
    expect((await bucket.upload('c.txt', Buffer.from('text'), { contentType: 'text/plain' })).error).toMatchObject({ statusCode: '415', message: 'mime type text/plain is not supported' });
    expect((await bucket.upload('f', Buffer.from('x'), { contentType: 'imagepng' })).error).toMatchObject({ statusCode: '415' });
    // Stored under its label; served with that label, nosniff and the sandboxing CSP, so no browser runs it.
    expect((await bucket.upload('d.gif', Buffer.from(scriptHtml), { contentType: 'image/gif' })).error).toBeNull();
    const served = await fetch(bucket.getPublicUrl('d.gif').data.publicUrl);
    expect(served.headers.get('content-type')).toBe('image/gif');
    expectSecurityHeaders(served, 'html labelled image/gif');
    await served.arrayBuffer();
  });

  it("gives the app's photo check the same list, with a clear message for refused images", () => {
    const file = (type: string) => new File([new Uint8Array(10)], 'photo', { type });
    for (const type of ALLOWED_PHOTO_TYPES) expect(v.safeParse(photoFileSchema, file(type)).success, type).toBe(true);
    for (const type of ['image/svg+xml', 'image/gif', 'image/heic']) {
      const result = v.safeParse(photoFileSchema, file(type));
      expect(result.success, type).toBe(false);
      expect(result.issues?.[0].message, type).toBe(UNSUPPORTED_PHOTO_TYPE);
    }
    expect(v.safeParse(photoFileSchema, file('application/pdf')).issues?.[0].message).toBe('Please upload an image file');
  });
});
