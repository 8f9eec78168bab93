// Storage buckets and storage.objects policies (the storage server runs these same statements as the
// caller before it stores any bytes).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProperty, createUser } from './support/fixtures.ts';
import type { Actor, TestDatabase } from './support/test-database.ts';
import { anon, attempt, engines, inRolledBackRequest, openMigratedDatabase, service, user } from './support/test-database.ts';

describe.each(engines)('storage policies (%s)', (engine) => {
  let handle: TestDatabase;
  let guest: string;
  let otherGuest: string;
  let host: string;
  let otherHost: string;
  let property: string;

  beforeAll(async () => {
    handle = await openMigratedDatabase(engine);
    guest = await createUser(handle.db);
    otherGuest = await createUser(handle.db);
    host = await createUser(handle.db, { role: 'host' });
    otherHost = await createUser(handle.db, { role: 'host' });
    property = await createProperty(handle.db, host);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('creates the three public image buckets with a 5 MB limit, raster images only (no SVG)', async () => {
    const { rows } = await handle.db.query('select id, public, file_size_limit::int as limit, allowed_mime_types from storage.buckets order by id');
    const allowed = ['image/jpeg', 'image/png', 'image/webp', 'image/avif'];
    expect(rows).toEqual(['profile-photos', 'property-photos', 'room-photos'].map((id) => ({ id, public: true, limit: 5 * 1024 * 1024, allowed_mime_types: allowed })));
  });

  const upload = (actor: Actor, bucket: string, name: string) =>
    inRolledBackRequest(handle.db, actor, {
      fn: async (tx) => (await attempt(tx, `insert into storage.objects (bucket_id, name, owner_id) values ($1, $2, $3)`, [bucket, name, actor.kind === 'user' ? actor.id : null])).error === null,
    });

  // Users write the photo buckets only through the upload-photo function (docs/decisions/photo-metadata.md).
  it('lets no user write profile photos directly, not even in their own folder', async () => {
    expect(await upload(user(guest), 'profile-photos', `${guest}/1700000000.webp`)).toBe(false);
    expect(await upload(service, 'profile-photos', `${guest}/1700000000.webp`)).toBe(true);
    expect(await upload(user(guest), 'profile-photos', `${otherGuest}/1700000000.webp`)).toBe(false);
    expect(await upload(user(guest), 'profile-photos', 'loose-file.webp')).toBe(false);
    expect(await upload(anon, 'profile-photos', `${guest}/x.webp`)).toBe(false);
  });

  it('lets no user write property and room photos directly, not even the host', async () => {
    for (const bucket of ['property-photos', 'room-photos']) {
      expect(await upload(user(host), bucket, `${property}/${randomUUID()}.webp`)).toBe(false);
      expect(await upload(user(otherHost), bucket, `${property}/${randomUUID()}.webp`)).toBe(false);
      expect(await upload(user(guest), bucket, `${property}/${randomUUID()}.webp`)).toBe(false);
      expect(await upload(user(host), bucket, `${randomUUID()}/photo.webp`)).toBe(false);
      expect(await upload(user(host), bucket, `not-a-uuid/photo.webp`)).toBe(false);
      expect(await upload(service, bucket, `${property}/seed.webp`)).toBe(true);
    }
  });

  it('lets owners remove their objects but not others, and replace none', async () => {
    await handle.db.query(`insert into storage.objects (bucket_id, name) values ('profile-photos', $1), ('property-photos', $2)`, [`${guest}/a.webp`, `${property}/a.webp`]);
    const change = (actor: Actor, sql: string, params: unknown[]) =>
      inRolledBackRequest(handle.db, actor, { fn: async (tx) => (await attempt(tx, sql, params)).rows.length === 1 });
    expect(await change(user(guest), `update storage.objects set updated_at = now() where name = $1 returning 1`, [`${guest}/a.webp`])).toBe(false);
    expect(await change(user(otherGuest), `update storage.objects set updated_at = now() where name = $1 returning 1`, [`${guest}/a.webp`])).toBe(false);
    expect(await change(user(guest), `delete from storage.objects where name = $1 returning 1`, [`${guest}/a.webp`])).toBe(true);
    expect(await change(user(host), `delete from storage.objects where name = $1 returning 1`, [`${property}/a.webp`])).toBe(true);
    expect(await change(user(otherHost), `delete from storage.objects where name = $1 returning 1`, [`${property}/a.webp`])).toBe(false);
    // listing is not open to the public: anon sees no object rows
    expect(await change(anon, `select 1 from storage.objects where name = $1`, [`${property}/a.webp`])).toBe(false);
  });
});
