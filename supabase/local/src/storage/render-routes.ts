// /render/image/{public,authenticated,sign}/:bucket/:key — sharp transforms of stored images.
import type { Context, Hono } from 'hono';
import { parseTransform, type TransformOptions } from './image-render.ts';
import { assertValidKey } from './object-key.ts';
import { findObject, type ObjectRow } from './object-rows.ts';
import { verifyDownloadToken } from './signed-url.ts';
import { storageErrors } from './storage-error.ts';
import type { StorageService } from './storage-service.ts';

function bucketAndKey(c: Context): { bucketId: string; key: string } {
  const bucketId = c.req.param('bucket') ?? '';
  const key = c.req.param('key') ?? '';
  assertValidKey(key);
  return { bucketId, key };
}

async function renderRow(service: StorageService, c: Context, row: ObjectRow, transform: TransformOptions): Promise<Response> {
  const rendered = await service.renderer.render(
    { file: service.blobs.filePath(row.bucket_id, row.name), objectKey: `${row.bucket_id}/${row.name}`, version: row.version ?? row.id },
    transform,
    c.req.header('accept') ?? '',
  );
  const headers: Record<string, string> = {
    'content-type': rendered.contentType,
    'cache-control': row.metadata?.cacheControl ?? 'max-age=3600',
    etag: rendered.etag,
    // The representation depends on Accept when no format was asked for.
    vary: 'Accept',
  };
  if (c.req.header('if-none-match') === rendered.etag) return new Response(null, { status: 304, headers });
  headers['content-length'] = String(rendered.bytes.byteLength);
  return new Response(c.req.method === 'HEAD' ? null : new Uint8Array(rendered.bytes), { status: 200, headers });
}

async function existingFile(service: StorageService, row: ObjectRow | null): Promise<ObjectRow> {
  if (!row || !(await service.blobs.exists(row.bucket_id, row.name))) throw storageErrors.noSuchKey();
  return row;
}

export function mountRenderRoutes(app: Hono, service: StorageService): void {
  app.on(['GET', 'HEAD'], '/render/image/public/:bucket/:key{.+}', async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    const transform = parseTransform(new URL(c.req.url).searchParams);
    const bucket = await service.bucketOrThrow(bucketId);
    if (!bucket.public) throw storageErrors.noSuchBucket();
    const row = await existingFile(service, await findObject(service.ctx.db, bucketId, key));
    return renderRow(service, c, row, transform);
  });

  app.on(['GET', 'HEAD'], '/render/image/authenticated/:bucket/:key{.+}', async (c) => {
    const auth = await service.authOf(c);
    const { bucketId, key } = bucketAndKey(c);
    const transform = parseTransform(new URL(c.req.url).searchParams);
    await service.bucketOrThrow(bucketId);
    const row = await existingFile(service, await service.asCaller(auth, c, (tx) => findObject(tx, bucketId, key)));
    return renderRow(service, c, row, transform);
  });

  app.on(['GET', 'HEAD'], '/render/image/sign/:bucket/:key{.+}', async (c) => {
    const { bucketId, key } = bucketAndKey(c);
    const claims = await verifyDownloadToken(service.ctx.keys, c.req.query('token'), `${bucketId}/${key}`);
    // The transformations are pinned in the token; query parameters cannot change them.
    const transform = parseTransform(new URLSearchParams(claims.transformations ?? ''));
    const row = await existingFile(service, await findObject(service.ctx.db, bucketId, key));
    return renderRow(service, c, row, transform);
  });
}
