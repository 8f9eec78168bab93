// Object bytes on disk under `<dataDir>/storage/<bucket>/<key>`. Writes go to a temp file first and are
// renamed into place, so a reader never sees half a file.
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { copyFile, mkdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { Readable } from 'node:stream';
import { bucketDirPath, objectFilePath } from './object-key.ts';

export class BlobStore {
  readonly root: string;
  private readonly tmpDir: string;

  constructor(dataDir: string) {
    this.root = join(dataDir, 'storage');
    this.tmpDir = join(dataDir, 'storage-tmp');
  }

  filePath(bucketId: string, key: string): string {
    return objectFilePath(this.root, bucketId, key);
  }

  async write(bucketId: string, key: string, bytes: Uint8Array): Promise<void> {
    const target = this.filePath(bucketId, key);
    await mkdir(this.tmpDir, { recursive: true });
    const temp = join(this.tmpDir, randomUUID());
    await writeFile(temp, bytes);
    await mkdir(dirname(target), { recursive: true });
    await rename(temp, target);
  }

  async exists(bucketId: string, key: string): Promise<boolean> {
    try {
      return (await stat(this.filePath(bucketId, key))).isFile();
    } catch {
      return false;
    }
  }

  /** A web stream of the bytes, or null when the file is missing. */
  async open(bucketId: string, key: string): Promise<{ stream: ReadableStream<Uint8Array>; size: number } | null> {
    const file = this.filePath(bucketId, key);
    try {
      const info = await stat(file);
      if (!info.isFile()) return null;
      return { stream: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, size: info.size };
    } catch {
      return null;
    }
  }

  async remove(bucketId: string, key: string): Promise<void> {
    await rm(this.filePath(bucketId, key), { force: true });
  }

  async copy(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    const target = this.filePath(toBucket, toKey);
    await mkdir(dirname(target), { recursive: true });
    await copyFile(this.filePath(fromBucket, fromKey), target);
  }

  async move(fromBucket: string, fromKey: string, toBucket: string, toKey: string): Promise<void> {
    const target = this.filePath(toBucket, toKey);
    await mkdir(dirname(target), { recursive: true });
    await rename(this.filePath(fromBucket, fromKey), target);
  }

  async removeBucket(bucketId: string): Promise<void> {
    await rm(bucketDirPath(this.root, bucketId), { recursive: true, force: true });
  }
}
