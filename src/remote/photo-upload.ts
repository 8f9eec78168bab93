// Public photo uploads (docs/product.md §7 Storage; docs/decisions/photo-metadata.md): the photo is drawn
// again in the browser without its metadata (photo-reencode.ts), then sent to the upload-photo function,
// the only writer of the photo buckets, which answers the object's path
// (`/storage/v1/object/public/{bucket}/{path}`, resolved on the app's Supabase URL when shown). In the
// browser the request goes through XMLHttpRequest, whose upload events give progress; without XHR (Node)
// or when XHR gets no answer at all, supabase-js's functions.invoke sends it. Its WebP renditions follow,
// through the same function (docs/decisions/photo-renditions.md): all of them or, if one fails, none and
// no photo.
import { env } from '../config/env.ts';
import { renditionPath, renditionWidths } from '../lib/photo-renditions.ts';
import { classifyFailure, RemoteError, toRemoteError } from './errors.ts';
import { loadClient } from './load-client.ts';
import { canReencodePhotos, encodeRenditions, pathForType, reencodePhoto } from './photo-reencode.ts';

export interface PhotoUploadRequest {
  bucket: string;
  /** Object path inside the bucket, e.g. `{userId}/{timestamp}.jpg` (its extension follows the re-encoded type). */
  path: string;
  file: Blob;
  /** Kept for callers; upload-photo always overwrites (every upload has a new timestamped name). */
  upsert?: boolean;
  /** 0…1 as bytes leave the browser. */
  onProgress?: (fraction: number) => void;
}

const extensionPattern = /\.([a-z0-9]{1,8})$/i;

/** File extension from the name, else from the MIME subtype (image/jpeg → jpg), else jpg. */
export function photoExtension(file: { name?: string; type: string }): string {
  const fromName = file.name ? extensionPattern.exec(file.name)?.[1] : undefined;
  if (fromName) return fromName.toLowerCase();
  const subtype = file.type.split('/')[1]?.split(/[+;]/)[0]?.toLowerCase();
  if (!subtype) return 'jpg';
  return subtype === 'jpeg' ? 'jpg' : subtype;
}

/** `{folder}/{timestamp}.{extension}`: a new name per upload, so caches never show an old photo. */
export function timestampedPhotoPath(folder: string, file: { name?: string; type: string }, now: number = Date.now()): string {
  return `${folder}/${now}.${photoExtension(file)}`;
}

/** upload-photo's refusal, worded by its answer (the storage server's `message` or `error`). */
function uploadRefused(status: number, body: string): RemoteError {
  return classifyFailure({ status, message: storageMessage(status, body) });
}

function storageMessage(status: number, body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown; error?: unknown };
    if (typeof parsed.message === 'string' && parsed.message) return parsed.message;
    if (typeof parsed.error === 'string' && parsed.error) return parsed.error;
  } catch {
    // not JSON: fall through
  }
  return `Upload failed (HTTP ${status})`;
}

function uploadPhotoUrl(bucket: string, path: string): string {
  return `upload-photo?${new URLSearchParams({ bucket, path }).toString()}`;
}

/** Resolves the stored path, null when no HTTP answer came (network), rejects with the server's message otherwise. */
function uploadWithProgress(request: PhotoUploadRequest, accessToken: string): Promise<string | null> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.supabaseUrl}/functions/v1/${uploadPhotoUrl(request.bucket, request.path)}`);
    xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('apikey', env.supabaseAnonKey);
    xhr.setRequestHeader('content-type', request.file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status < 200 || xhr.status >= 300) return reject(uploadRefused(xhr.status, xhr.responseText));
      try {
        resolve(storedPath(xhr.responseText));
      } catch (error) {
        reject(toRemoteError(error));
      }
    };
    xhr.onerror = () => resolve(null);
    xhr.send(request.file);
  });
}

/** The `path` of upload-photo's answer. */
function storedPath(body: string): string {
  const path = (JSON.parse(body) as { path?: unknown }).path;
  if (typeof path !== 'string') throw new RemoteError('permanent', 'Upload failed');
  return path;
}

/** The photo without its metadata, at the path of its (possibly new) type. */
async function withoutMetadata(request: PhotoUploadRequest): Promise<PhotoUploadRequest> {
  if (!canReencodePhotos()) return request;
  const file = await reencodePhoto(request.file);
  return { ...request, file, path: file.type === request.file.type ? request.path : pathForType(request.path, file.type) };
}

/**
 * Uploads the photo, then its bucket's renditions (where this browser can draw them), and returns the
 * photo's path (`/storage/v1/object/public/{bucket}/{path}`). When a rendition fails, what this call
 * stored is removed again and the error rethrown.
 */
export async function uploadPublicPhoto(original: PhotoUploadRequest): Promise<string> {
  const request = await withoutMetadata(original);
  const renditions = canReencodePhotos() ? await encodeRenditions(request.file, renditionWidths(request.bucket)) : [];
  const total = [request.file, ...renditions.map(({ blob }) => blob)].reduce((sum, blob) => sum + Math.max(blob.size, 1), 0);
  let done = 0;
  const part = (blob: Blob) => {
    const start = done;
    done += Math.max(blob.size, 1);
    return (fraction: number) => original.onProgress?.((start + fraction * Math.max(blob.size, 1)) / total);
  };
  const stored = await uploadOne({ ...request, onProgress: part(request.file) });
  // The renditions side by side: small files, so the round trips are most of their time.
  const uploads = renditions.map(({ width, blob }) => ({ path: renditionPath(request.path, width), file: blob, onProgress: part(blob) }));
  const results = await Promise.allSettled(uploads.map((upload) => uploadOne({ bucket: request.bucket, ...upload })));
  const failure = results.find((result): result is PromiseRejectedResult => result.status === 'rejected');
  if (failure) {
    const supabase = await loadClient();
    await supabase.storage.from(request.bucket).remove([request.path, ...uploads.map(({ path }) => path)]).catch(() => undefined);
    throw failure.reason;
  }
  original.onProgress?.(1);
  return stored;
}

/** One object through upload-photo; returns its path. */
async function uploadOne(request: PhotoUploadRequest): Promise<string> {
  const supabase = await loadClient();
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  let stored: string | null = null;
  if (typeof XMLHttpRequest !== 'undefined' && accessToken) {
    stored = await uploadWithProgress(request, accessToken);
  }
  if (stored === null) {
    const { data: answer, error } = await supabase.functions.invoke<{ path: string }>(uploadPhotoUrl(request.bucket, request.path), {
      body: request.file,
      headers: { 'content-type': request.file.type || 'application/octet-stream' },
    });
    if (error) {
      const response = (error as { context?: unknown }).context;
      throw response instanceof Response ? uploadRefused(response.status, await response.text()) : toRemoteError(error);
    }
    if (!answer) throw new RemoteError('permanent', 'Upload failed');
    stored = answer.path;
  }
  request.onProgress?.(1);
  return stored;
}
