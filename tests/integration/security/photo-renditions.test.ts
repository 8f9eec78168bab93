// Photo renditions (docs/decisions/photo-renditions.md): beside each photo the app uploads the WebP sizes it
// shows without Image Transformations, `<path>.w<width>.webp`. upload-photo, the only writer of the photo
// buckets, takes a rendition only in the caller's own folder, of a width the bucket keeps, as a WebP at
// most that wide; removing a photo (the app's removeListingPhotos) removes its renditions too.
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { renditionPath, renditionWidths } from '../../../src/lib/photo-renditions.ts';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

// The app's remote modules reach supabase-js through loadClient: here, the signed-in host's client.
const client = vi.hoisted(() => ({ current: null as unknown }));
vi.mock('../../../src/remote/load-client.ts', () => ({ loadClient: () => Promise.resolve(client.current) }));
const { removeListingPhotos } = await import('../../../src/remote/listing-photos.ts');

const webp = (width: number) => sharp({ create: { width, height: Math.round((width * 3) / 4), channels: 3, background: { r: 40, g: 120, b: 160 } } }).webp().toBuffer();

describe.each(testEngines)('photo renditions on %s', (engine) => {
  let t: TestServer;
  let guest: TestUser;
  let host: TestUser;
  let otherHost: TestUser;
  let propertyId: string;

  /** The app's upload: the bytes to upload-photo, through supabase-js. */
  async function upload(as: SupabaseClient, bucket: string, path: string, bytes: Buffer, type = 'image/webp') {
    const { data, error } = await as.functions.invoke<{ path: string }>(`upload-photo?bucket=${bucket}&path=${encodeURIComponent(path)}`, {
      body: new Blob([new Uint8Array(bytes)], { type }),
      headers: { 'content-type': type },
    });
    if (!error) return { path: data?.path, status: 200, code: null };
    const response = (error as { context?: Response }).context;
    return { path: undefined, status: response?.status ?? 0, code: response ? ((await response.json()) as { code: string }).code : null };
  }

  async function isStored(bucket: string, path: string): Promise<boolean> {
    const { data } = await t.service().storage.from(bucket).download(path);
    return data !== null;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine });
    const unique = Math.random().toString(36).slice(2, 8);
    guest = await t.signUp(`guest.${unique}@renditions.test`, undefined, { full_name: 'Gia Guest', role: 'guest' });
    host = await t.signUp(`host.${unique}@renditions.test`, undefined, { full_name: 'Hal Host', role: 'host' });
    otherHost = await t.signUp(`other.${unique}@renditions.test`, undefined, { full_name: 'Olga Other', role: 'host' });
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name: 'Harbour House', city: 'Porto', country: 'Portugal', price_per_week: 300 }).select('id').single();
    if (error) throw error;
    propertyId = data.id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("stores a listing photo's renditions (40, 480, 800, 1200) and a profile photo's (256) beside it, public like the photo", async () => {
    const photo = `${propertyId}/1-front.jpg`;
    const jpeg = await sharp({ create: { width: 1600, height: 1200, channels: 3, background: '#3c78a0' } }).jpeg().toBuffer();
    expect((await upload(host.client, 'property-photos', photo, jpeg, 'image/jpeg')).status).toBe(200);
    expect(renditionWidths('property-photos')).toEqual([40, 480, 800, 1200]);
    for (const width of renditionWidths('property-photos')) {
      const answer = await upload(host.client, 'property-photos', renditionPath(photo, width), await webp(width));
      expect(answer).toEqual({ path: `/storage/v1/object/public/property-photos/${photo}.w${width}.webp`, status: 200, code: null });
      const served = await fetch(`${t.url}${answer.path}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('content-type')).toBe('image/webp');
      expect((await sharp(Buffer.from(await served.arrayBuffer())).metadata()).width).toBe(width);
    }
    const avatar = `${guest.id}/17.png`;
    expect((await upload(guest.client, 'profile-photos', avatar, await sharp({ create: { width: 300, height: 300, channels: 3, background: '#a03c3c' } }).png().toBuffer(), 'image/png')).status).toBe(200);
    expect((await upload(guest.client, 'profile-photos', renditionPath(avatar, 256), await webp(256))).status).toBe(200);
  });

  it("refuses a rendition path for someone else's photo: another host's listing, another user's profile", async () => {
    const takeover = renditionPath(`${propertyId}/1-front.jpg`, 480);
    expect((await upload(otherHost.client, 'property-photos', takeover, await webp(480))).status).toBe(403);
    expect((await upload(otherHost.client, 'profile-photos', renditionPath(`${guest.id}/17.png`, 256), await webp(256))).status).toBe(403);
    // Straight to Storage (no upload-photo) is refused for the photo's own host as well.
    const direct = await host.client.storage.from('property-photos').upload(renditionPath(`${propertyId}/9-direct.jpg`, 480), await webp(480), { contentType: 'image/webp' });
    expect(direct.error).not.toBeNull();
    expect(await isStored('property-photos', renditionPath(`${propertyId}/9-direct.jpg`, 480))).toBe(false);
  });

  it('takes renditions by the rule and nothing more: a width the bucket keeps, WebP, at most that wide', async () => {
    const photo = `${propertyId}/2-pool.jpg`;
    const refusals: [string, string, Buffer, string, number][] = [
      ['a width the bucket does not keep', renditionPath(photo, 640), await webp(640), 'image/webp', 400],
      ['a profile width in a listing bucket', renditionPath(photo, 256), await webp(256), 'image/webp', 400],
      ['a rendition of a rendition', renditionPath(renditionPath(photo, 480), 480), await webp(480), 'image/webp', 400],
      ['a JPEG under a rendition name', renditionPath(photo, 480), await sharp(await webp(480)).jpeg().toBuffer(), 'image/jpeg', 415],
      ['wider than its name', renditionPath(photo, 480), await webp(1200), 'image/webp', 422],
    ];
    for (const [label, path, bytes, type, status] of refusals) {
      expect((await upload(host.client, 'property-photos', path, bytes, type)).status, label).toBe(status);
      expect(await isStored('property-photos', path), label).toBe(false);
    }
    // A photo smaller than a width keeps its own size (never upscaled): 300 px under .w800 is taken.
    expect((await upload(host.client, 'property-photos', renditionPath(photo, 800), await webp(300))).status).toBe(200);
  });

  it("removing a listing photo (the app's removeListingPhotos) removes its renditions", async () => {
    const photo = `${propertyId}/3-garden.webp`;
    expect((await upload(host.client, 'room-photos', photo, await webp(900))).status).toBe(200);
    for (const width of renditionWidths('room-photos')) expect((await upload(host.client, 'room-photos', renditionPath(photo, width), await webp(Math.min(width, 900)))).status).toBe(200);
    const kept = `${propertyId}/4-kept.webp`;
    expect((await upload(host.client, 'room-photos', renditionPath(kept, 480), await webp(480))).status).toBe(200);

    client.current = host.client;
    await removeListingPhotos('room-photos', [photo]);

    expect(await isStored('room-photos', photo)).toBe(false);
    for (const width of renditionWidths('room-photos')) expect(await isStored('room-photos', renditionPath(photo, width)), `w${width}`).toBe(false);
    expect(await isStored('room-photos', renditionPath(kept, 480))).toBe(true);
  });
});
