// Photo location leaks (docs/decisions/photo-metadata.md): a photo's EXIF block (GPS position, camera
// make), XMP packet or PNG text chunks never reach the public photo buckets. The app re-encodes photos in
// the browser; the server's check is the upload-photo function, the only writer of the photo buckets:
// it refuses a photo that still carries metadata, and a direct Storage upload is refused by RLS.
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testEngines, type TestServer, type TestUser } from '../local/support/start.ts';

type Format = 'jpeg' | 'png' | 'webp' | 'avif';
const mimeOf: Record<Format, string> = { jpeg: 'image/jpeg', png: 'image/png', webp: 'image/webp', avif: 'image/avif' };

// The GPS block and camera make a phone writes into a photo.
const exif = {
  IFD0: { Make: 'SpyCam', Model: 'Pocket 3' },
  IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 2651/100', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 3944/100' },
};
const xmp = '<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#"><rdf:Description xmlns:exif="http://ns.adobe.com/exif/1.0/" exif:GPSLatitude="51,30.44N"/></rdf:RDF></x:xmpmeta>';

const canvas = () => sharp({ create: { width: 32, height: 24, channels: 3, background: { r: 200, g: 120, b: 60 } } });
const clean = (format: Format) => canvas().toFormat(format).toBuffer();
const withGps = (format: Format) => canvas().toFormat(format).withExif(exif).toBuffer();

/** A PNG chunk (length, type, data, CRC-32) inserted right after IHDR. */
function withPngChunk(png: Buffer, type: string, data: Buffer): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  let crc = 0xffffffff;
  for (const byte of body) crc = crcTable[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  body.copy(chunk, 4);
  chunk.writeUInt32BE((crc ^ 0xffffffff) >>> 0, 8 + data.length);
  const afterIhdr = 8 + 8 + png.readUInt32BE(8) + 4;
  return Buffer.concat([png.subarray(0, afterIhdr), chunk, png.subarray(afterIhdr)]);
}

describe.each(testEngines)('photo metadata on %s', (engine) => {
  let t: TestServer;
  let guest: TestUser;
  let host: TestUser;
  let otherHost: TestUser;
  let propertyId: string;

  /** The app's upload: the photo's bytes to upload-photo, through supabase-js. */
  async function uploadThroughApp(client: SupabaseClient, bucket: string, path: string, bytes: Buffer, type: string) {
    const { data, error } = await client.functions.invoke<{ path: string }>(`upload-photo?bucket=${bucket}&path=${encodeURIComponent(path)}`, {
      body: new Blob([new Uint8Array(bytes)], { type }),
      headers: { 'content-type': type },
    });
    if (!error) return { data, status: 200, body: null };
    const response = (error as { context?: Response }).context;
    return { data: null, status: response?.status ?? 0, body: response ? ((await response.json()) as { code: string; error: string }) : null };
  }

  async function stored(bucket: string, path: string): Promise<Buffer | null> {
    const { data } = await t.service().storage.from(bucket).download(path);
    return data ? Buffer.from(await data.arrayBuffer()) : null;
  }

  beforeAll(async () => {
    t = await startTestServer({ engine });
    const unique = Math.random().toString(36).slice(2, 8);
    guest = await t.signUp(`guest.${unique}@photo.test`, undefined, { full_name: 'Gia Guest', role: 'guest' });
    host = await t.signUp(`host.${unique}@photo.test`, undefined, { full_name: 'Hal Host', role: 'host' });
    otherHost = await t.signUp(`other.${unique}@photo.test`, undefined, { full_name: 'Olga Other', role: 'host' });
    const { data, error } = await host.client.from('properties').insert({ host_id: host.id, name: 'Harbour House', city: 'Porto', country: 'Portugal', price_per_week: 300 }).select('id').single();
    if (error) throw error;
    propertyId = data.id as string;
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each<Format>(['jpeg', 'png', 'webp', 'avif'])('refuses a %s carrying EXIF GPS and a camera make, and stores nothing', async (format) => {
    const photo = await withGps(format);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const path = `${guest.id}/gps.${format}`;
    const answer = await uploadThroughApp(guest.client, 'profile-photos', path, photo, mimeOf[format]);
    expect(answer.status).toBe(422);
    expect(answer.body).toEqual({ code: 'photo_metadata', error: expect.stringMatching(/location or camera details/) });
    expect(await stored('profile-photos', path)).toBeNull();
  });

  it.each([
    ['an XMP packet (iTXt)', 'iTXt', Buffer.concat([Buffer.from('XML:com.adobe.xmp\0\0\0\0\0', 'latin1'), Buffer.from(xmp)])],
    ['a text chunk (tEXt)', 'tEXt', Buffer.from('Comment\0Taken at 12 Harbour Street', 'latin1')],
    ['a compressed text chunk (zTXt)', 'zTXt', Buffer.from('Comment\0\0x', 'latin1')],
  ])('refuses a PNG carrying %s', async (_label, type, data) => {
    const photo = withPngChunk(await clean('png'), type, data);
    expect((await sharp(photo).metadata()).width).toBe(32);
    const answer = await uploadThroughApp(host.client, 'property-photos', `${propertyId}/text.png`, photo, 'image/png');
    expect(answer.status).toBe(422);
    expect(await stored('property-photos', `${propertyId}/text.png`)).toBeNull();
  });

  it('refuses a JPEG carrying XMP only', async () => {
    const photo = await canvas().jpeg().withXmp(xmp).toBuffer();
    expect((await sharp(photo).metadata()).xmp).toBeDefined();
    const answer = await uploadThroughApp(host.client, 'room-photos', `${propertyId}/xmp.jpg`, photo, 'image/jpeg');
    expect(answer.status).toBe(422);
  });

  it.each<Format>(['jpeg', 'png', 'webp', 'avif'])('stores a %s re-encoded without metadata, and serves it to anyone with no EXIF', async (format) => {
    const photo = await sharp(await withGps(format)).toFormat(format).toBuffer();
    const path = `${guest.id}/clean-${format}.${format}`;
    const answer = await uploadThroughApp(guest.client, 'profile-photos', path, photo, mimeOf[format]);
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.data).toEqual({ path: `/storage/v1/object/public/profile-photos/${path}` });
    const served = await fetch(t.anon().storage.from('profile-photos').getPublicUrl(path).data.publicUrl);
    expect(served.status).toBe(200);
    const bytes = Buffer.from(await served.arrayBuffer());
    const metadata = await sharp(bytes).metadata();
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
    expect(bytes.includes(Buffer.from('SpyCam'))).toBe(false);
  });

  it("lets a host upload to their own listing's folders, and nobody else", async () => {
    const photo = await clean('webp');
    expect((await uploadThroughApp(host.client, 'property-photos', `${propertyId}/1-front.webp`, photo, 'image/webp')).status).toBe(200);
    expect((await uploadThroughApp(host.client, 'room-photos', `${propertyId}/1-room.webp`, photo, 'image/webp')).status).toBe(200);
    expect((await uploadThroughApp(otherHost.client, 'property-photos', `${propertyId}/2-takeover.webp`, photo, 'image/webp')).status).toBe(403);
    expect((await uploadThroughApp(guest.client, 'profile-photos', `${otherHost.id}/me.webp`, photo, 'image/webp')).status).toBe(403);
    expect((await uploadThroughApp(t.anon(), 'profile-photos', `${guest.id}/anon.webp`, photo, 'image/webp')).status).toBe(401);
    expect(await stored('property-photos', `${propertyId}/2-takeover.webp`)).toBeNull();
  });

  it('refuses bad requests with a 4xx: unknown bucket, traversal, a type the buckets refuse, bytes of another type, too large', async () => {
    const webp = await clean('webp');
    const refusals: [string, string, Buffer, string, number][] = [
      ['scratch', `${guest.id}/x.webp`, webp, 'image/webp', 400],
      ['profile-photos', `${guest.id}/../x.webp`, webp, 'image/webp', 400],
      ['profile-photos', `${guest.id}/a/b.webp`, webp, 'image/webp', 400],
      ['profile-photos', `${guest.id}/x.svg`, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'image/svg+xml', 415],
      ['profile-photos', `${guest.id}/x.png`, Buffer.from('<html><script>alert(1)</script></html>'), 'image/png', 415],
      ['profile-photos', `${guest.id}/x.webp`, webp, 'image/png', 415],
      ['profile-photos', `${guest.id}/big.webp`, Buffer.concat([webp, Buffer.alloc(5 * 1024 * 1024)]), 'image/webp', 413],
    ];
    for (const [bucket, path, bytes, type, status] of refusals) {
      const answer = await uploadThroughApp(guest.client, bucket, path, bytes, type);
      expect(answer.status, `${bucket} ${path} ${type}`).toBe(status);
      expect(answer.body?.code, path).toEqual(expect.any(String));
    }
  });

  it('refuses a direct Storage upload into the photo buckets: only upload-photo writes there', async () => {
    const photo = await withGps('jpeg');
    const profile = await guest.client.storage.from('profile-photos').upload(`${guest.id}/direct.jpg`, photo, { contentType: 'image/jpeg', upsert: true });
    expect(profile.error).toMatchObject({ statusCode: '403' });
    const listing = await host.client.storage.from('property-photos').upload(`${propertyId}/direct.jpg`, photo, { contentType: 'image/jpeg' });
    expect(listing.error).toMatchObject({ statusCode: '403' });
    const signed = await guest.client.storage.from('profile-photos').createSignedUploadUrl(`${guest.id}/signed.jpg`);
    expect(signed.error).not.toBeNull();
    expect(await stored('profile-photos', `${guest.id}/direct.jpg`)).toBeNull();
    expect(await stored('property-photos', `${propertyId}/direct.jpg`)).toBeNull();
  });

  it('still lets owners remove their photos directly', async () => {
    const path = `${guest.id}/to-remove.webp`;
    expect((await uploadThroughApp(guest.client, 'profile-photos', path, await clean('webp'), 'image/webp')).status).toBe(200);
    const { data, error } = await guest.client.storage.from('profile-photos').remove([path]);
    expect(error).toBeNull();
    expect(data).toHaveLength(1);
    expect(await stored('profile-photos', path)).toBeNull();
  });
});
