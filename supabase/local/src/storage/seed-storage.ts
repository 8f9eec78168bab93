// Loads demo files into storage: every file under `<folder>/<bucket>/<path>` becomes the object
// `<path>` of bucket `<bucket>` (bucket created as public when missing), written as the service role.
import { createHash, randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { extname, join, relative, sep } from 'node:path';
import type { LocalContext } from '../context.ts';
import { BlobStore } from './blob-store.ts';
import { findBucket, insertBucket, upsertObject } from './object-rows.ts';
import { serviceAuth } from './storage-service.ts';

const mimeByExtension: Record<string, string> = {
  '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.png': 'image/png', '.webp': 'image/webp', '.avif': 'image/avif',
  '.gif': 'image/gif', '.svg': 'image/svg+xml', '.pdf': 'application/pdf', '.txt': 'text/plain', '.json': 'application/json',
};

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((e) => e.isFile() && !e.name.startsWith('.')).map((e) => join(e.parentPath, e.name));
}

/** Returns how many objects were written; a missing folder means nothing to seed. */
export async function seedStorageFromFolder(ctx: LocalContext, folder: string): Promise<number> {
  let bucketDirs: string[];
  try {
    bucketDirs = (await readdir(folder, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw error;
  }
  const blobs = new BlobStore(ctx.dataDir);
  let count = 0;
  for (const bucketId of bucketDirs) {
    if (!(await findBucket(ctx.db, bucketId))) {
      await ctx.db.asRequest(serviceAuth, null, (tx) =>
        insertBucket(tx, { id: bucketId, name: bucketId, public: true, fileSizeLimit: null, allowedMimeTypes: null, ownerId: null }));
    }
    for (const file of await filesUnder(join(folder, bucketId))) {
      const key = relative(join(folder, bucketId), file).split(sep).join('/');
      const bytes = await readFile(file);
      const mimetype = mimeByExtension[extname(file).toLowerCase()] ?? 'application/octet-stream';
      await ctx.db.asRequest(serviceAuth, null, async (tx) => {
        await upsertObject(tx, {
          bucketId, name: key, ownerId: null, version: randomUUID(), userMetadata: null,
          metadata: {
            eTag: `"${createHash('md5').update(bytes).digest('hex')}"`, size: bytes.byteLength, mimetype,
            cacheControl: 'max-age=3600', lastModified: new Date().toUTCString(), contentLength: bytes.byteLength, httpStatusCode: 200,
          },
        });
        await blobs.write(bucketId, key, bytes);
      });
      count += 1;
    }
  }
  return count;
}
