// /bucket endpoints. They run as the caller, so RLS on storage.buckets decides (service_role bypasses).
import type { Hono } from 'hono';
import { assertValidBucketId } from './object-key.ts';
import { countObjects, deleteBucket, deleteObjects, findBucket, insertBucket, listBuckets, updateBucket } from './object-rows.ts';
import { storageErrors } from './storage-error.ts';
import { ownerIdOf, readJsonBody, type StorageService } from './storage-service.ts';

const sizeUnits: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/** `file_size_limit` as storage-api accepts it: bytes as a number, or a string like "5MB". */
function parseSizeLimit(value: unknown): number | null | undefined {
  if (value === undefined) return undefined;
  if (value === null || value === 0 || value === '') return null;
  if (typeof value === 'number' && Number.isInteger(value) && value > 0) return value;
  if (typeof value === 'string') {
    const match = /^(\d+)\s*(b|kb|mb|gb)?$/i.exec(value.trim());
    if (match?.[1]) return Number(match[1]) * (sizeUnits[(match[2] ?? 'b').toLowerCase()] ?? 1);
  }
  throw storageErrors.invalidRequest('file_size_limit must be a positive number of bytes or a string like "5MB"');
}

function parseMimeTypes(value: unknown): string[] | null | undefined {
  if (value === undefined) return undefined;
  if (value === null) return null;
  if (Array.isArray(value) && value.every((v) => typeof v === 'string' && /^[\w.+-]+\/([\w.+-]+|\*)$/.test(v))) {
    return value.length === 0 ? null : (value as string[]);
  }
  throw storageErrors.invalidRequest('allowed_mime_types must be an array of type/subtype strings');
}

function parsePublic(value: unknown): boolean | undefined {
  if (value === undefined) return undefined;
  if (typeof value === 'boolean') return value;
  throw storageErrors.invalidRequest('public must be a boolean');
}

export function mountBucketRoutes(app: Hono, service: StorageService): void {
  app.get('/bucket', async (c) => {
    const auth = await service.authOf(c);
    const limit = Number(c.req.query('limit') ?? 1000);
    const offset = Number(c.req.query('offset') ?? 0);
    if (!Number.isInteger(limit) || limit < 0 || !Number.isInteger(offset) || offset < 0) throw storageErrors.invalidRequest('limit and offset must be non-negative integers');
    const search = c.req.query('search');
    const rows = await service.asCaller(auth, c, (tx) => listBuckets(tx, { limit, offset, ...(search ? { search } : {}) }));
    return c.json(rows);
  });

  app.get('/bucket/:id', async (c) => {
    const auth = await service.authOf(c);
    const bucket = await service.asCaller(auth, c, (tx) => findBucket(tx, c.req.param('id')));
    if (!bucket) throw storageErrors.noSuchBucket();
    return c.json(bucket);
  });

  app.post('/bucket', async (c) => {
    const auth = await service.authOf(c);
    const body = await readJsonBody(c);
    const name = typeof body.name === 'string' ? body.name : typeof body.id === 'string' ? body.id : '';
    const id = typeof body.id === 'string' ? body.id : name;
    assertValidBucketId(id);
    const input = {
      id,
      name: name || id,
      public: parsePublic(body.public) ?? false,
      fileSizeLimit: parseSizeLimit(body.file_size_limit) ?? null,
      allowedMimeTypes: parseMimeTypes(body.allowed_mime_types) ?? null,
      ownerId: ownerIdOf(auth),
    };
    try {
      await service.asCaller(auth, c, (tx) => insertBucket(tx, input));
    } catch (error) {
      if ((error as { code?: unknown }).code === '23505') throw storageErrors.bucketExists();
      throw error;
    }
    return c.json({ name: input.id });
  });

  app.put('/bucket/:id', async (c) => {
    const auth = await service.authOf(c);
    const body = await readJsonBody(c);
    const patch = {
      ...(body.public !== undefined ? { public: parsePublic(body.public) } : {}),
      ...(body.file_size_limit !== undefined ? { fileSizeLimit: parseSizeLimit(body.file_size_limit) } : {}),
      ...(body.allowed_mime_types !== undefined ? { allowedMimeTypes: parseMimeTypes(body.allowed_mime_types) } : {}),
    };
    const updated = await service.asCaller(auth, c, (tx) => updateBucket(tx, c.req.param('id'), patch));
    if (!updated) throw storageErrors.noSuchBucket();
    return c.json({ message: 'Successfully updated' });
  });

  app.post('/bucket/:id/empty', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('id');
    await service.bucketOrThrow(bucketId);
    const removed = await service.asCaller(auth, c, async (tx) => {
      const { rows } = await tx.query<{ name: string }>('select name from storage.objects where bucket_id = $1', [bucketId]);
      return deleteObjects(tx, bucketId, rows.map((r) => r.name));
    });
    for (const row of removed) await service.blobs.remove(bucketId, row.name);
    return c.json({ message: 'Successfully emptied' });
  });

  app.delete('/bucket/:id', async (c) => {
    const auth = await service.authOf(c);
    const bucketId = c.req.param('id');
    await service.bucketOrThrow(bucketId);
    if ((await countObjects(service.ctx.db, bucketId)) > 0) throw storageErrors.bucketNotEmpty();
    let deleted: boolean;
    try {
      deleted = await service.asCaller(auth, c, (tx) => deleteBucket(tx, bucketId));
    } catch (error) {
      if ((error as { code?: unknown }).code === '23503') throw storageErrors.bucketNotEmpty();
      throw error;
    }
    if (!deleted) throw storageErrors.noSuchBucket();
    await service.blobs.removeBucket(bucketId);
    return c.json({ message: 'Successfully deleted' });
  });
}
