// Public photo uploads (docs/product.md §7 Storage: upload with overwrite, then the public URL).
// storage-js's upload reports no progress, so in the browser the same request storage-js would make
// (POST /storage/v1/object/{bucket}/{path}, raw body, x-upsert) goes through XMLHttpRequest, whose
// upload events give progress. Without XHR (Node) or when XHR gets no answer at all, storage-js uploads.
import { env } from '../config/env.ts';
import { loadClient } from './load-client.ts';

export interface PhotoUploadRequest {
  bucket: string;
  /** Object path inside the bucket, e.g. `{userId}/{timestamp}.jpg`. */
  path: string;
  file: Blob;
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

class UploadRejected extends Error {}

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

const encodePath = (path: string): string => path.split('/').map(encodeURIComponent).join('/');

/** Resolves true when stored, false when no HTTP answer came (network), rejects with the server's message otherwise. */
function uploadWithProgress(request: PhotoUploadRequest, accessToken: string): Promise<boolean> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `${env.supabaseUrl}/storage/v1/object/${encodeURIComponent(request.bucket)}/${encodePath(request.path)}`);
    xhr.setRequestHeader('authorization', `Bearer ${accessToken}`);
    xhr.setRequestHeader('apikey', env.supabaseAnonKey);
    xhr.setRequestHeader('x-upsert', String(request.upsert ?? true));
    xhr.setRequestHeader('cache-control', 'max-age=3600');
    xhr.setRequestHeader('content-type', request.file.type || 'application/octet-stream');
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) request.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(true);
      else reject(new UploadRejected(storageMessage(xhr.status, xhr.responseText)));
    };
    xhr.onerror = () => resolve(false);
    xhr.send(request.file);
  });
}

/** Uploads (overwriting by default) and returns the object's public URL. */
export async function uploadPublicPhoto(request: PhotoUploadRequest): Promise<string> {
  const supabase = await loadClient();
  const bucket = supabase.storage.from(request.bucket);
  const { data } = await supabase.auth.getSession();
  const accessToken = data.session?.access_token;
  let isStored = false;
  if (typeof XMLHttpRequest !== 'undefined' && accessToken) {
    isStored = await uploadWithProgress(request, accessToken);
  }
  if (!isStored) {
    const { error } = await bucket.upload(request.path, request.file, {
      upsert: request.upsert ?? true,
      contentType: request.file.type || undefined,
    });
    if (error) throw error;
  }
  request.onProgress?.(1);
  return bucket.getPublicUrl(request.path).data.publicUrl;
}
