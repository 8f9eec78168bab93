// What every storage route needs: the context, the blob store, the renderer, and the caller's auth.
import type { Context } from 'hono';
import type { LocalContext } from '../context.ts';
import type { Queryable, RequestAuth } from '../db/database.ts';
import { resolveRequestAuth } from '../keys.ts';
import { BlobStore } from './blob-store.ts';
import { ImageRenderer } from './image-render.ts';
import { findBucket, type BucketRow } from './object-rows.ts';
import { storageErrors } from './storage-error.ts';

/** The CLI's default `[storage] file_size_limit = "50MiB"`; buckets may lower it. */
export const globalFileSizeLimit = 50 * 1024 * 1024;

export const serviceAuth: RequestAuth = { role: 'service_role', claims: { role: 'service_role' } };

export class StorageService {
  readonly ctx: LocalContext;
  readonly blobs: BlobStore;
  readonly renderer: ImageRenderer;

  constructor(ctx: LocalContext) {
    this.ctx = ctx;
    this.blobs = new BlobStore(ctx.dataDir);
    this.renderer = new ImageRenderer(ctx.dataDir);
  }

  authOf(c: Context): Promise<RequestAuth> {
    return resolveRequestAuth(this.ctx.keys, c.req.raw.headers, new URL(c.req.url));
  }

  /** One transaction under the caller's role and claims, so storage policies decide. */
  asCaller<T>(auth: RequestAuth, c: Context, fn: (tx: Queryable) => Promise<T>): Promise<T> {
    const headers: Record<string, string> = {};
    c.req.raw.headers.forEach((value, name) => {
      if (name !== 'authorization' && name !== 'apikey') headers[name] = value;
    });
    return this.ctx.db.asRequest(auth, { method: c.req.method, path: new URL(c.req.url).pathname, headers }, fn);
  }

  /** Bucket settings are read as the owner: limits apply whatever the caller may see. */
  async bucketOrThrow(bucketId: string): Promise<BucketRow> {
    const bucket = await findBucket(this.ctx.db, bucketId);
    if (!bucket) throw storageErrors.noSuchBucket();
    return bucket;
  }
}

/** The JWT `sub` of the caller, stored as `owner_id`. */
export function ownerIdOf(auth: RequestAuth): string | null {
  return typeof auth.claims.sub === 'string' ? auth.claims.sub : null;
}

export async function readJsonBody(c: Context): Promise<Record<string, unknown>> {
  let parsed: unknown;
  try {
    parsed = await c.req.json();
  } catch {
    throw storageErrors.invalidRequest('Body is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw storageErrors.invalidRequest('Body must be a JSON object');
  return parsed as Record<string, unknown>;
}
