// Reads an upload request: multipart/form-data (the file part under the empty field name, text fields
// cacheControl/contentType/metadata) or a raw body with content-type, cache-control and x-metadata headers.
import { baseMimeType } from './mime-types.ts';
import { nulMessage, containsNul } from '../http/nul-guard.ts';
import { StorageError, storageErrors } from './storage-error.ts';

export interface UploadBody {
  bytes: Uint8Array;
  contentType: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

/** Room for multipart boundaries and text fields around the file itself. */
const multipartOverhead = 64 * 1024;

/** Reads the body, refusing (413) as soon as more than `limit` bytes arrive. */
export async function readLimited(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('content-length') ?? '');
  if (Number.isFinite(declared) && declared > limit) throw storageErrors.tooLarge();
  if (!request.body) return new Uint8Array(new ArrayBuffer(0));
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      await reader.cancel();
      throw storageErrors.tooLarge();
    }
    chunks.push(value);
  }
  const out = new Uint8Array(new ArrayBuffer(total));
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

function cacheControlHeader(value: string | null | undefined): string {
  if (!value) return 'max-age=3600';
  // storage-js sends seconds in multipart ("3600") and a full header for raw bodies ("max-age=3600").
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value.trim();
}

function parseUserMetadata(text: string | null): Record<string, unknown> | null {
  if (!text) return null;
  try {
    const parsed: unknown = JSON.parse(text);
    // Postgres jsonb cannot hold a NUL character (22P05).
    if (containsNul(parsed)) throw storageErrors.invalidRequest(nulMessage);
    if (typeof parsed === 'object' && parsed !== null && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch (error) {
    if (error instanceof StorageError) throw error;
    // else fall through to the error below
  }
  throw storageErrors.invalidRequest('metadata must be a JSON object');
}

export async function readUploadBody(request: Request, sizeLimit: number): Promise<UploadBody> {
  const requestType = request.headers.get('content-type') ?? '';
  if (baseMimeType(requestType) === 'multipart/form-data') {
    const raw = await readLimited(request, sizeLimit + multipartOverhead);
    let form: FormData;
    try {
      form = await new Response(raw, { headers: { 'content-type': requestType } }).formData();
    } catch {
      throw storageErrors.invalidRequest('The multipart body could not be parsed');
    }
    let file: File | null = null;
    for (const [, value] of form.entries()) {
      if (typeof value !== 'string') {
        file = value;
        break;
      }
    }
    if (!file) throw storageErrors.invalidRequest('No file was found in the multipart body');
    if (file.size > sizeLimit) throw storageErrors.tooLarge();
    const contentTypeField = form.get('contentType');
    const metadataField = form.get('metadata');
    const cacheField = form.get('cacheControl');
    return {
      bytes: new Uint8Array(await file.arrayBuffer()),
      contentType: (typeof contentTypeField === 'string' && contentTypeField) || file.type || 'application/octet-stream',
      cacheControl: cacheControlHeader(typeof cacheField === 'string' ? cacheField : null),
      userMetadata: parseUserMetadata(typeof metadataField === 'string' ? metadataField : null),
    };
  }

  const bytes = await readLimited(request, sizeLimit);
  const metadataHeader = request.headers.get('x-metadata');
  let metadataText: string | null = null;
  if (metadataHeader) {
    metadataText = Buffer.from(metadataHeader, 'base64').toString('utf8');
  }
  return {
    bytes,
    contentType: requestType || 'application/octet-stream',
    cacheControl: cacheControlHeader(request.headers.get('cache-control')),
    userMetadata: parseUserMetadata(metadataText),
  };
}
