// /object endpoints: upload/update, download (authenticated, public, signed), info, list, list-v2, remove,
// move, copy, signed download and upload URLs. Metadata reads and writes run as the caller so the
// project's storage.objects policies decide; public and signed downloads bypass RLS by design.
import { createHash, randomUUID } from 'node:crypto';
import type { Context, Hono } from 'hono';
import type { Queryable, RequestAuth } from '../db/database.ts';
import { parseTransform, transformToQuery } from './image-render.ts';
import { listObjectsV2, parseListV2Body } from './list-objects-v2.ts';
import { baseMimeType, isMimeAllowed, servedContentType } from './mime-types.ts';
import { assertValidKey } from './object-key.ts';
import {
  deleteObjects, findObject, insertObject, listLevel, renameObject, upsertObject,
  type BucketRow, type ListOptions, type ObjectMetadata, type ObjectRow,
} from './object-rows.ts';
import { signDownloadToken, signUploadToken, verifyDownloadToken, verifyUploadToken } from './signed-url.ts';
import { storageErrors } from './storage-error.ts';
import { globalFileSizeLimit, ownerIdOf, readJsonBody, serviceAuth, type StorageService } from './storage-service.ts';
import { readUploadBody } from './upload-body.ts';

const keyParam = ':key{.+}';

/** Thrown inside a transaction to roll it back after a permission probe succeeded. */
class ProbeSucceeded extends Error {}

function bucketAndKey(c: Context): { bucketId: string; key: string } {
  const bucketId = c.req.param('bucket') ?? '';
  const key = (c.req.param('key') ?? '').replace(/^\/+/, '');
  assertValidKey(key);
  return { bucketId, key };
}

function parseUpsert(value: string | undefined): boolean {
  return value === 'true';
}

interface UploadOutcome {
  id: string;
  key: string;
}

/** Validates the body against bucket limits, writes the row as `auth`, then stores the bytes. */
async function upload(
  service: StorageService,
  c: Context,
  auth: RequestAuth,
  target: { bucketId: string; key: string; upsert: boolean; ownerId: string | null },
): Promise<UploadOutcome> {
  const bucket = await service.bucketOrThrow(target.bucketId);
  const limit = Math.min(bucket.file_size_limit ?? globalFileSizeLimit, globalFileSizeLimit);
  const body = await readUploadBody(c.req.raw, limit);
  // storage-api names the type as the client declared it (parameters included) in the 415 message.
  // Checked before anything is written, so a refused upsert leaves the stored object as it was.
  if (!isMimeAllowed(body.contentType, bucket.allowed_mime_types)) throw storageErrors.invalidMime(body.contentType);

  const version = randomUUID();
  const metadata: ObjectMetadata = {
    eTag: `"${createHash('md5').update(body.bytes).digest('hex')}"`,
    size: body.bytes.byteLength,
    mimetype: body.contentType,
    cacheControl: body.cacheControl,
    lastModified: new Date().toUTCString(),
    contentLength: body.bytes.byteLength,
    httpStatusCode: 200,
  };
  const write = { bucketId: target.bucketId, name: target.key, ownerId: target.ownerId, version, metadata, userMetadata: body.userMetadata };
  const id = await service.asCaller(auth, c, async (tx) => {
    const rowId = target.upsert ? await upsertObject(tx, write) : await insertObject(tx, write);
    // Inside the transaction: a failed disk write rolls the row back.
    await service.blobs.write(target.bucketId, target.key, body.bytes);
    return rowId;
  });
  return { id, key: `${target.bucketId}/${target.key}` };
}

/** A copy or move into another bucket must respect that bucket's allowed_mime_types too. */
function assertAllowedIn(bucket: BucketRow, metadata: ObjectMetadata | null | undefined): void {
  if (!metadata) return;
  const mime = metadata.mimetype ?? 'application/octet-stream';
  if (!isMimeAllowed(mime, bucket.allowed_mime_types)) throw storageErrors.invalidMime(baseMimeType(mime) || mime);
}

/** Serves an object's bytes with storage-api's headers (ETag, Cache-Control, conditional GET, ?download). */
async function serveObject(service: StorageService, c: Context, row: ObjectRow): Promise<Response> {
  const meta = row.metadata;
  const etag = meta?.eTag ?? `"${row.version ?? row.id}"`;
  const headers: Record<string, string> = {
    'content-type': servedContentType(meta?.mimetype ?? 'application/octet-stream'),
    'cache-control': meta?.cacheControl ?? 'max-age=3600',
    etag,
    'last-modified': meta?.lastModified ?? new Date(row.updated_at).toUTCString(),
  };
  const download = c.req.query('download');
  if (download !== undefined) {
    const fileName = download || row.name.split('/').pop() || row.name;
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(fileName)}`;
  }
  if (c.req.header('if-none-match') === etag) return new Response(null, { status: 304, headers });
  const opened = await service.blobs.open(row.bucket_id, row.name);
  if (!opened) throw storageErrors.noSuchKey();
  headers['content-length'] = String(opened.size);
  return new Response(c.req.method === 'HEAD' ? null : opened.stream, { status: 200, headers });
}

async function findVisible(service: StorageService, c: Context, auth: RequestAuth, bucketId: string, key: string): Promise<ObjectRow> {
  await service.bucketOrThrow(bucketId);
  const row = await service.asCaller(auth, c, (tx) => findObject(tx, bucketId, key));
  if (!row) throw storageErrors.noSuchKey();
  return row;
}

function infoBody(row: ObjectRow): Record<string, unknown> {
  return {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: row.metadata?.size ?? null,
    content_type: row.metadata?.mimetype ?? null,
    cache_control: row.metadata?.cacheControl ?? null,
    etag: row.metadata?.eTag ?? null,
    metadata: row.user_metadata ?? {},
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
}

function parseExpiresIn(value: unknown): number {
  const n = typeof value === 'string' ? Number(value) : value;
  if (typeof n !== 'number' || !Number.isFinite(n) || n < 1) throw storageErrors.invalidRequest('expiresIn must be a positive number of seconds');
  return Math.floor(n);
}

function transformFromBody(value: unknown): string | null {
  if (value === undefined || value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) throw storageErrors.invalidRequest('transform must be an object');
  const params = new URLSearchParams();
  for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
    if (typeof v === 'string' || typeof v === 'number') params.set(name, String(v));
  }
  return transformToQuery(parseTransform(params));
}

async function signedUrlFor(service: StorageService, bucketId: string, key: string, expiresIn: number, transform: string | null): Promise<string> {
  const url = `${bucketId}/${key}`;
  const token = await signDownloadToken(service.ctx.keys, { url, ...(transform ? { transformations: transform } : {}) }, expiresIn);
  const base = transform ? '/render/image/sign' : '/object/sign';
  return `${base}/${encodeURI(url)}?token=${token}`;
}

function parseListOptions(body: Record<string, unknown>): ListOptions {
  const prefix = body.prefix ?? '';
  const limit = body.limit ?? 100;
  const offset = body.offset ?? 0;
  const search = body.search ?? '';
  if (typeof prefix !== 'string' || typeof search !== 'string') throw storageErrors.invalidRequest('prefix and search must be strings');
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || typeof offset !== 'number' || !Number.isInteger(offset) || offset < 0) {
    throw storageErrors.invalidRequest('limit must be a positive integer and offset a non-negative integer');
  }
  const sortBy = (body.sortBy ?? {}) as { column?: unknown; order?: unknown };
  const column = sortBy.column ?? 'name';
  const order = typeof sortBy.order === 'string' ? sortBy.order.toLowerCase() : 'asc';
  if (column !== 'name' && column !== 'created_at' && column !== 'updated_at' && column !== 'last_accessed_at') {
    throw storageErrors.invalidRequest('sortBy.column must be name, created_at, updated_at or last_accessed_at');
  }
  if (order !== 'asc' && order !== 'desc') throw storageErrors.invalidRequest('sortBy.order must be asc or desc');
  return { prefix: prefix.replace(/^\/+/, ''), limit: Math.min(limit, 1000), offset, search, sortColumn: column, sortOrder: order };
}

function stringField(body: Record<string, unknown>, name: string, required: boolean): string | undefined {
  const value = body[name];
  if (value === undefined && !required) return undefined;
  if (typeof value !== 'string' || value === '') throw storageErrors.invalidRequest(`${name} is required`);
  return value;
}

/** Where /object/move and /object/copy take an object from and to: both keys valid, both buckets found. */
interface Transfer {
  bucketId: string;
  sourceKey: string;
  destinationBucket: string;
  destinationKey: string;
  target: BucketRow;
}

async function readTransfer(service: StorageService, c: Context): Promise<Transfer> {
  const body = await readJsonBody(c);
  const bucketId = stringField(body, 'bucketId', true)!;
  const sourceKey = stringField(body, 'sourceKey', true)!;
  const destinationKey = stringField(body, 'destinationKey', true)!;
  const destinationBucket = stringField(body, 'destinationBucket', false) ?? bucketId;
  assertValidKey(sourceKey);
  assertValidKey(destinationKey);
  await service.bucketOrThrow(bucketId);
  const target = await service.bucketOrThrow(destinationBucket);
  return { bucketId, sourceKey, destinationBucket, destinationKey, target };
}

export function mountObjectRoutes(app: Hono, service: StorageService): void {
  // --- signed URLs (specific paths first: they would otherwise match /object/:bucket/:key) ---
  app.post(`/object/sign/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    const body = await readJsonBody(c);
    const expiresIn = parseExpiresIn(body.expiresIn);
    const transform = transformFromBody(body.transform);
    await findVisible(service, c, auth, bucketId, key);
    return c.json({ signedURL: await signedUrlFor(service, bucketId, key, expiresIn, transform) });
  });

  app.post('/object/sign/:bucket', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('bucket');
    const body = await readJsonBody(c);
    const expiresIn = parseExpiresIn(body.expiresIn);
    const paths = body.paths;
    if (!Array.isArray(paths) || !paths.every((p) => typeof p === 'string') || paths.length > 1000) {
      throw storageErrors.invalidRequest('paths must be an array of at most 1000 strings');
    }
    await service.bucketOrThrow(bucketId);
    const visible = await service.asCaller(auth, c, async (tx) => {
      const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucketId, paths]);
      return new Set(rows.map((r) => r.name));
    });
    const out = [];
    for (const path of paths as string[]) {
      if (visible.has(path)) out.push({ path, signedURL: await signedUrlFor(service, bucketId, path, expiresIn, null), error: null });
      else out.push({ path, signedURL: null, error: 'Either the object does not exist or you do not have access to it' });
    }
    return c.json(out);
  });

  app.on(['GET', 'HEAD'], `/object/sign/:bucket/${keyParam}`, async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    await verifyDownloadToken(service.ctx.keys, c.req.query('token'), `${bucketId}/${key}`);
    const row = await findObject(service.ctx.db, bucketId, key);
    if (!row) throw storageErrors.noSuchKey();
    return serveObject(service, c, row);
  });

  app.post(`/object/upload/sign/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    const upsert = parseUpsert(c.req.header('x-upsert'));
    await service.bucketOrThrow(bucketId);
    // Probe the INSERT (or upsert) the later upload will make, then roll it back.
    const probe = { bucketId, name: key, ownerId: ownerIdOf(auth), version: randomUUID(), metadata: null, userMetadata: null };
    try {
      await service.asCaller(auth, c, async (tx: Queryable) => {
        if (upsert) await upsertObject(tx, probe);
        else await insertObject(tx, probe);
        throw new ProbeSucceeded();
      });
    } catch (error) {
      if (!(error instanceof ProbeSucceeded)) throw error;
    }
    const owner = ownerIdOf(auth);
    const token = await signUploadToken(service.ctx.keys, { url: `${bucketId}/${key}`, upsert, ...(owner ? { owner } : {}) }, 2 * 3600);
    // storage-api puts the path in as it is (not percent-encoded); storage-js re-parses it with new URL().
    return c.json({ url: `/object/upload/sign/${bucketId}/${key}?token=${token}`, token });
  });

  app.put(`/object/upload/sign/:bucket/${keyParam}`, async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    const claims = await verifyUploadToken(service.ctx.keys, c.req.query('token'), `${bucketId}/${key}`);
    // The token is the permission: the row is written as the owner the URL was created for.
    const result = await upload(service, c, serviceAuth, { bucketId, key, upsert: claims.upsert, ownerId: claims.owner ?? null });
    // storage-api's response schema for this route has `Key` only.
    return c.json({ Key: result.key });
  });

  // --- public and authenticated downloads, info ---
  app.on(['GET', 'HEAD'], `/object/public/:bucket/${keyParam}`, async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    const bucket = await service.bucketOrThrow(bucketId);
    if (!bucket.public) throw storageErrors.noSuchBucket();
    const row = await findObject(service.ctx.db, bucketId, key);
    if (!row) throw storageErrors.noSuchKey();
    return serveObject(service, c, row);
  });

  app.on(['GET', 'HEAD'], `/object/authenticated/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    return serveObject(service, c, await findVisible(service, c, auth, bucketId, key));
  });

  app.get(`/object/info/public/:bucket/${keyParam}`, async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    const bucket = await service.bucketOrThrow(bucketId);
    if (!bucket.public) throw storageErrors.noSuchBucket();
    const row = await findObject(service.ctx.db, bucketId, key);
    if (!row) throw storageErrors.noSuchKey();
    return c.json(infoBody(row));
  });

  for (const prefix of ['/object/info/authenticated', '/object/info']) {
    app.get(`${prefix}/:bucket/${keyParam}`, async (c) => {
      const auth = await service.authOf(c);
      const { bucketId, key } = bucketAndKey(c);
      return c.json(infoBody(await findVisible(service, c, auth, bucketId, key)));
    });
  }

  // --- list, move, copy ---
  app.post('/object/list/:bucket', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('bucket');
    const options = parseListOptions(await readJsonBody(c));
    await service.bucketOrThrow(bucketId);
    return c.json(await service.asCaller(auth, c, (tx) => listLevel(tx, bucketId, options)));
  });

  // storage-api does not look the bucket up here: an unknown bucket lists as empty.
  app.post('/object/list-v2/:bucket', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('bucket');
    const options = parseListV2Body(await readJsonBody(c));
    return c.json(await service.asCaller(auth, c, (tx) => listObjectsV2(tx, bucketId, options)));
  });

  app.post('/object/move', async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, sourceKey, destinationBucket, destinationKey, target } = await readTransfer(service, c);
    await service.asCaller(auth, c, async (tx) => {
      if (destinationBucket !== bucketId) assertAllowedIn(target, (await findObject(tx, bucketId, sourceKey))?.metadata);
      const moved = await renameObject(tx, bucketId, sourceKey, destinationBucket, destinationKey, ownerIdOf(auth));
      if (!moved) throw storageErrors.noSuchKey();
      await service.blobs.move(bucketId, sourceKey, destinationBucket, destinationKey);
    });
    return c.json({ message: 'Successfully moved' });
  });

  app.post('/object/copy', async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, sourceKey, destinationBucket, destinationKey, target } = await readTransfer(service, c);
    const upsert = parseUpsert(c.req.header('x-upsert'));
    const id = await service.asCaller(auth, c, async (tx) => {
      const source = await findObject(tx, bucketId, sourceKey);
      if (!source?.metadata) throw storageErrors.noSuchKey();
      if (destinationBucket !== bucketId) assertAllowedIn(target, source.metadata);
      const write = {
        bucketId: destinationBucket, name: destinationKey, ownerId: ownerIdOf(auth), version: randomUUID(),
        metadata: { ...source.metadata, lastModified: new Date().toUTCString() }, userMetadata: source.user_metadata,
      };
      const newId = upsert ? await upsertObject(tx, write) : await insertObject(tx, write);
      await service.blobs.copy(bucketId, sourceKey, destinationBucket, destinationKey);
      return newId;
    });
    return c.json({ Key: `${destinationBucket}/${destinationKey}`, Id: id });
  });

  // --- the generic /object/:bucket routes last ---
  app.delete('/object/:bucket', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('bucket');
    const body = await readJsonBody(c);
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000) {
      throw storageErrors.invalidRequest('prefixes must be an array of 1 to 1000 paths');
    }
    const names = prefixes.map((p: unknown) => {
      const name = typeof p === 'string' ? p : typeof p === 'object' && p !== null ? (p as { path?: unknown }).path : undefined;
      if (typeof name !== 'string') throw storageErrors.invalidRequest('each prefix must be a path string or {path}');
      return name.replace(/^\/+/, '');
    });
    await service.bucketOrThrow(bucketId);
    const removed = await service.asCaller(auth, c, (tx) => deleteObjects(tx, bucketId, names));
    for (const row of removed) await service.blobs.remove(bucketId, row.name);
    return c.json(removed);
  });

  app.post(`/object/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    const result = await upload(service, c, auth, { bucketId, key, upsert: parseUpsert(c.req.header('x-upsert')), ownerId: ownerIdOf(auth) });
    return c.json({ Id: result.id, Key: result.key });
  });

  // PUT replaces the object (storage-api's update is an upsert).
  app.put(`/object/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    const result = await upload(service, c, auth, { bucketId, key, upsert: true, ownerId: ownerIdOf(auth) });
    return c.json({ Id: result.id, Key: result.key });
  });

  app.on(['GET', 'HEAD'], `/object/:bucket/${keyParam}`, async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    return serveObject(service, c, await findVisible(service, c, auth, bucketId, key));
  });
}
