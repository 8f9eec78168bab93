// What a photo's bytes are and whether they still carry metadata (docs/decisions/photo-metadata.md):
// a container walk over the formats the photo buckets take, no decoding. Metadata is any block that can
// hold a position, a camera or words: JPEG APPn segments other than JFIF, ICC and Adobe, and comments;
// PNG eXIf and text chunks; WebP EXIF and XMP chunks; AVIF Exif and MIME (XMP) items and uuid boxes.

export type PhotoType = 'image/jpeg' | 'image/png' | 'image/webp' | 'image/avif';

const ascii = (bytes: Uint8Array, at: number, length: number): string => String.fromCharCode(...bytes.subarray(at, at + length));
const u16 = (bytes: Uint8Array, at: number): number => (bytes[at]! << 8) | bytes[at + 1]!;
const u32 = (bytes: Uint8Array, at: number): number => ((bytes[at]! << 24) >>> 0) + (bytes[at + 1]! << 16) + (bytes[at + 2]! << 8) + bytes[at + 3]!;
const u32le = (bytes: Uint8Array, at: number): number => bytes[at]! + (bytes[at + 1]! << 8) + (bytes[at + 2]! << 16) + ((bytes[at + 3]! << 24) >>> 0);

const pngSignature = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The photo type the bytes are, by their signature; null when none of the accepted ones. */
export function sniffPhotoType(bytes: Uint8Array): PhotoType | null {
  if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
  if (bytes.length >= 8 && pngSignature.every((byte, index) => bytes[index] === byte)) return 'image/png';
  if (bytes.length >= 12 && ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 4) === 'WEBP') return 'image/webp';
  if (bytes.length >= 16 && ascii(bytes, 4, 4) === 'ftyp') {
    const size = Math.min(u32(bytes, 0), bytes.length);
    for (let at = 8; at + 4 <= size; at += 4) {
      if (at === 12) continue; // minor version
      if (['avif', 'avis'].includes(ascii(bytes, at, 4))) return 'image/avif';
    }
  }
  return null;
}

/** JPEG: APP0 JFIF/JFXX, APP2 ICC profile and APP14 Adobe are image data; every other APPn and COM is metadata. */
function jpegHasMetadata(bytes: Uint8Array): boolean {
  let at = 2;
  while (at + 4 <= bytes.length) {
    if (bytes[at] !== 0xff) return true; // not a marker where one must be: refuse what we cannot read
    const marker = bytes[at + 1]!;
    if (marker === 0xff) {
      at += 1;
      continue;
    }
    if (marker === 0xd9) return false;
    if ((marker >= 0xd0 && marker <= 0xd7) || marker === 0x01) {
      at += 2;
      continue;
    }
    const length = u16(bytes, at + 2);
    const body = at + 4;
    if (marker === 0xfe) return true;
    if (marker >= 0xe0 && marker <= 0xef) {
      const id = ascii(bytes, body, 12);
      const known = (marker === 0xe0 && (id.startsWith('JFIF\0') || id.startsWith('JFXX\0')))
        || (marker === 0xe2 && id === 'ICC_PROFILE\0')
        || (marker === 0xee && id.startsWith('Adobe'));
      if (!known) return true;
    }
    at += 2 + length;
    if (marker === 0xda) {
      // Entropy-coded data up to the next marker (0xFF00 is a stuffed byte, 0xFFD0-D7 restart markers).
      while (at + 1 < bytes.length && !(bytes[at] === 0xff && bytes[at + 1] !== 0x00 && !(bytes[at + 1]! >= 0xd0 && bytes[at + 1]! <= 0xd7))) at += 1;
    }
  }
  return false;
}

const pngMetadataChunks = new Set(['eXIf', 'tEXt', 'zTXt', 'iTXt']);

function pngHasMetadata(bytes: Uint8Array): boolean {
  for (let at = 8; at + 8 <= bytes.length;) {
    const type = ascii(bytes, at + 4, 4);
    if (pngMetadataChunks.has(type)) return true;
    if (type === 'IEND') return false;
    at += 12 + u32(bytes, at);
  }
  return false;
}

function webpHasMetadata(bytes: Uint8Array): boolean {
  for (let at = 12; at + 8 <= bytes.length;) {
    const type = ascii(bytes, at, 4);
    if (type === 'EXIF' || type === 'XMP ') return true;
    const size = u32le(bytes, at + 4);
    at += 8 + size + (size % 2);
  }
  return false;
}

/** ISOBMFF boxes in [start, end): [type, body start, box end]. */
function* boxes(bytes: Uint8Array, start: number, end: number): Generator<[string, number, number]> {
  for (let at = start; at + 8 <= end;) {
    let size = u32(bytes, at);
    let header = 8;
    if (size === 1 && at + 16 <= end) {
      size = u32(bytes, at + 8) * 2 ** 32 + u32(bytes, at + 12);
      header = 16;
    } else if (size === 0) {
      size = end - at;
    }
    if (size < header) return;
    yield [ascii(bytes, at + 4, 4), at + header, Math.min(at + size, end)];
    at += size;
  }
}

function avifHasMetadata(bytes: Uint8Array): boolean {
  for (const [type, body, end] of boxes(bytes, 0, bytes.length)) {
    if (type === 'uuid') return true;
    if (type !== 'meta') continue;
    for (const [child, childBody, childEnd] of boxes(bytes, body + 4, end)) {
      if (child !== 'iinf') continue;
      const entriesAt = childBody + 4 + (bytes[childBody] === 0 ? 2 : 4);
      for (const [entry, entryBody] of boxes(bytes, entriesAt, childEnd)) {
        if (entry !== 'infe') continue;
        const version = bytes[entryBody]!;
        if (version < 2) return true; // item types only exist from version 2: refuse what we cannot read
        const itemType = ascii(bytes, entryBody + 4 + (version === 2 ? 2 : 4) + 2, 4);
        if (itemType === 'Exif' || itemType === 'mime') return true;
      }
    }
  }
  return false;
}

/** Whether a photo of `type` still carries metadata. */
export function hasPhotoMetadata(bytes: Uint8Array, type: PhotoType): boolean {
  switch (type) {
    case 'image/jpeg':
      return jpegHasMetadata(bytes);
    case 'image/png':
      return pngHasMetadata(bytes);
    case 'image/webp':
      return webpHasMetadata(bytes);
    case 'image/avif':
      return avifHasMetadata(bytes);
  }
}

/**
 * A WebP's width in pixels from its first chunk's header (VP8X canvas, VP8 key frame, VP8L), no decoding;
 * null when the bytes are no WebP this walk can read. Renditions are checked against the width they are named by.
 */
export function webpWidth(bytes: Uint8Array): number | null {
  if (bytes.length < 30 || sniffPhotoType(bytes) !== 'image/webp') return null;
  switch (ascii(bytes, 12, 4)) {
    case 'VP8X':
      return 1 + bytes[24]! + (bytes[25]! << 8) + (bytes[26]! << 16);
    case 'VP8 ':
      return bytes[23] === 0x9d && bytes[24] === 0x01 && bytes[25] === 0x2a ? (bytes[26]! | (bytes[27]! << 8)) & 0x3fff : null;
    case 'VP8L':
      return bytes[20] === 0x2f ? 1 + ((bytes[21]! | (bytes[22]! << 8)) & 0x3fff) : null;
    default:
      return null;
  }
}
