// Bucket `allowed_mime_types` matching.
//
// Matching follows storage-api's `Uploader.validateMimeType`: an entry is `type/subtype` (exact) or
// `type/*` (any subtype of that type); a declared type without a `/` is never allowed. Unlike
// storage-api we compare without parameters (`;charset=…`) and case-insensitively, as RFC 9110 says.
//
// Like hosted Storage, the declared type is trusted: the bytes are not looked at. A check that existed only
// here would pass tests that hosted fails; the app's photo check runs where hosted runs it too, in the
// upload-photo Edge Function (docs/decisions/photo-metadata.md).

/** The bare media type: lower-cased, parameters (`;charset=…`) dropped. */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isMimeAllowed(contentType: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = baseMimeType(contentType);
  const slash = mime.indexOf('/');
  if (slash <= 0 || slash === mime.length - 1) return false;
  const type = mime.slice(0, slash);
  return allowed.some((entry) => {
    const pattern = baseMimeType(entry);
    if (pattern.endsWith('/*')) return pattern.slice(0, -2) === type;
    return pattern === mime;
  });
}

/** Types a browser renders as an active document; served as text/plain like hosted Storage serves HTML. */
export function servedContentType(stored: string): string {
  const mime = baseMimeType(stored);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'text/plain; charset=utf-8';
  return stored;
}
