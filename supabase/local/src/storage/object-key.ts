// Object keys and their place on disk. Keys follow storage-api's rules; the disk path is always
// resolved and re-checked to stay inside the bucket folder (no `..`, no absolute paths).
import { resolve, sep } from 'node:path';
import { storageErrors } from './storage-error.ts';

const maxKeyLength = 1024;

/** storage-api accepts printable characters except a few; we also refuse `.`/`..` segments. */
export function assertValidKey(key: string): void {
  if (key.length === 0 || key.length > maxKeyLength) throw storageErrors.invalidKey(key);
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f\\]/.test(key)) throw storageErrors.invalidKey(key);
  if (key.startsWith('/') || key.endsWith('/')) throw storageErrors.invalidKey(key);
  if (key.split('/').some((segment) => segment === '' || segment === '.' || segment === '..')) throw storageErrors.invalidKey(key);
}

export function assertValidBucketId(bucketId: string): void {
  if (!/^[A-Za-z0-9_.-][A-Za-z0-9 _.!-]{0,99}$/.test(bucketId) || bucketId === '.' || bucketId === '..') {
    throw storageErrors.invalidRequest(`Bucket name invalid: ${bucketId}`);
  }
}

/** Absolute file path of an object's bytes: `<root>/<bucket>/<key>`, guaranteed inside `<root>/<bucket>`. */
export function objectFilePath(root: string, bucketId: string, key: string): string {
  assertValidBucketId(bucketId);
  assertValidKey(key);
  const bucketDir = resolve(root, bucketId);
  const file = resolve(bucketDir, key);
  if (!file.startsWith(bucketDir + sep)) throw storageErrors.invalidKey(key);
  return file;
}

export function bucketDirPath(root: string, bucketId: string): string {
  assertValidBucketId(bucketId);
  return resolve(root, bucketId);
}
