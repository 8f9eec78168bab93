// Bucket `allowed_mime_types` matching: entries are `type/subtype` or `type/*` (storage-api semantics).

/** The bare media type: lower-cased, parameters (`;charset=…`) dropped. */
export function baseMimeType(contentType: string): string {
  return (contentType.split(';')[0] ?? '').trim().toLowerCase();
}

export function isMimeAllowed(contentType: string, allowed: readonly string[] | null | undefined): boolean {
  if (!allowed || allowed.length === 0) return true;
  const mime = baseMimeType(contentType);
  const [type] = mime.split('/');
  return allowed.some((entry) => {
    const pattern = baseMimeType(entry);
    if (pattern === '*/*' || pattern === '*') return true;
    if (pattern.endsWith('/*')) return pattern.slice(0, -2) === type;
    return pattern === mime;
  });
}
