// Bucket `allowed_mime_types` matching and upload content checks.
//
// Matching follows storage-api's `Uploader.validateMimeType`: an entry is `type/subtype` (exact) or
// `type/*` (any subtype of that type); a declared type without a `/` is never allowed. Unlike
// storage-api we compare without parameters (`;charset=…`) and case-insensitively, as RFC 9110 says.
//
// The content check goes further than hosted Storage: the declared type is only a label the client
// chose, so for types with a well-known signature the first bytes must carry it (HTML labelled
// image/png is refused), and nothing labelled as an image may look like an HTML or SVG document.

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

function ascii(bytes: Uint8Array, start: number, end: number): string {
  let out = '';
  for (let i = start; i < Math.min(end, bytes.length); i += 1) out += String.fromCharCode(bytes[i] as number);
  return out;
}

function startsWithBytes(bytes: Uint8Array, signature: readonly number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((b, i) => bytes[offset + i] === b);
}

/** ISO BMFF `ftyp` brands (major and compatible) of the first box, e.g. AVIF/HEIF images. */
function ftypBrands(bytes: Uint8Array): string[] {
  if (bytes.length < 16 || ascii(bytes, 4, 8) !== 'ftyp') return [];
  const boxSize = (((bytes[0] as number) << 24) | ((bytes[1] as number) << 16) | ((bytes[2] as number) << 8) | (bytes[3] as number)) >>> 0;
  const end = Math.min(boxSize >= 16 ? boxSize : 16, bytes.length, 4096);
  const brands = [ascii(bytes, 8, 12)];
  for (let at = 16; at + 4 <= end; at += 4) brands.push(ascii(bytes, at, at + 4));
  return brands;
}

/** Signature checks per declared type; a type not listed here has no signature to check. */
const signatures: Record<string, (bytes: Uint8Array) => boolean> = {
  'image/jpeg': (b) => startsWithBytes(b, [0xff, 0xd8, 0xff]),
  'image/png': (b) => startsWithBytes(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  'image/webp': (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP',
  'image/avif': (b) => ftypBrands(b).some((brand) => brand === 'avif' || brand === 'avis'),
  'image/heic': (b) => ftypBrands(b).some((brand) => ['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1'].includes(brand)),
  'image/heif': (b) => ftypBrands(b).some((brand) => ['mif1', 'msf1', 'heic', 'heix'].includes(brand)),
  'image/gif': (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a',
  'image/bmp': (b) => ascii(b, 0, 2) === 'BM',
  'image/tiff': (b) => startsWithBytes(b, [0x49, 0x49, 0x2a, 0x00]) || startsWithBytes(b, [0x4d, 0x4d, 0x00, 0x2a]),
  'image/x-icon': (b) => startsWithBytes(b, [0x00, 0x00, 0x01, 0x00]),
  'image/vnd.microsoft.icon': (b) => startsWithBytes(b, [0x00, 0x00, 0x01, 0x00]),
  'application/pdf': (b) => ascii(b, 0, 5) === '%PDF-',
};

/** Markup a browser would treat as a document (WHATWG MIME sniffing's HTML patterns, plus XML/SVG). */
const markupStart = /^(?:\ufeff)?[\t\n\f\r ]*<(?:!doctype\s+html|html|head|script|iframe|h1|div|font|table|a|style|title|b|body|br|p|!--|\?xml|svg)[\s>/]/i;

function looksLikeMarkup(bytes: Uint8Array): boolean {
  return markupStart.test(new TextDecoder('utf-8', { fatal: false }).decode(bytes.subarray(0, 512)));
}

/** The image types we can recognise by their bytes, in the order they are tried. */
const sniffable = ['image/jpeg', 'image/png', 'image/webp', 'image/avif', 'image/gif', 'image/heic', 'image/bmp', 'image/tiff'] as const;

/** The image type the bytes carry the signature of, or null. */
export function sniffImageType(bytes: Uint8Array): string | null {
  return sniffable.find((type) => signatures[type]?.(bytes)) ?? null;
}

/**
 * Whether the body may be stored under the declared type: a type with a known signature must carry
 * it; any other `image/*` label (except SVG, which is markup by nature) must not hide a document.
 */
export function contentMatchesType(contentType: string, bytes: Uint8Array): boolean {
  const mime = baseMimeType(contentType);
  const check = signatures[mime];
  if (check) return check(bytes);
  if (mime === 'image/svg+xml') return true;
  if (mime.startsWith('image/')) return !looksLikeMarkup(bytes);
  return true;
}

/** Types a browser renders as an active document; served as text/plain like hosted Storage serves HTML. */
export function servedContentType(stored: string): string {
  const mime = baseMimeType(stored);
  if (mime === 'text/html' || mime === 'application/xhtml+xml') return 'text/plain; charset=utf-8';
  return stored;
}
