// Photos are drawn and encoded again in the browser before upload (docs/decisions/photo-metadata.md): the
// new file holds pixels only, no EXIF/XMP block (GPS position, camera make). createImageBitmap applies
// the EXIF orientation first, so the photo still stands the right way up. The upload-photo function
// refuses a photo that still carries metadata, so this is what lets phone photos through.
import { RENDITION_TYPE, renditionQuality } from '../lib/photo-renditions.ts';

/** Longest side of a stored photo: more than any rendition the app shows (1200 px). */
export const MAX_PHOTO_EDGE = 2560;
const QUALITY = 0.85;

/** Types the canvas encodes; anything else (AVIF) becomes a JPEG. */
const encodable = new Set(['image/jpeg', 'image/png', 'image/webp']);

/** The size to draw at: the photo's own, or scaled down so its longest side is `maxEdge`. */
export function fitWithin(width: number, height: number, maxEdge: number = MAX_PHOTO_EDGE): { width: number; height: number } {
  const scale = Math.min(1, maxEdge / Math.max(width, height, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The size of a rendition `maxWidth` px wide (renditions are named by width), never larger than the photo. */
export function fitWidth(width: number, height: number, maxWidth: number): { width: number; height: number } {
  const scale = Math.min(1, maxWidth / Math.max(width, 1));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The type to encode to: the photo's own when the canvas can write it, else JPEG. */
export function reencodeType(type: string): string {
  return encodable.has(type) ? type : 'image/jpeg';
}

const extensionOf: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp', 'image/avif': 'avif' };

/** The object path with the extension of `type` (when the photo changed type on the way). */
export function pathForType(path: string, type: string): string {
  const extension = extensionOf[type];
  if (!extension) return path;
  const slash = path.lastIndexOf('/');
  const dot = path.lastIndexOf('.');
  return `${dot > slash ? path.slice(0, dot) : path}.${extension}`;
}

function canvasFor(width: number, height: number): OffscreenCanvas | HTMLCanvasElement {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(width, height);
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  return canvas;
}

function encode(canvas: OffscreenCanvas | HTMLCanvasElement, type: string, quality: number): Promise<Blob | null> {
  if ('convertToBlob' in canvas) return canvas.convertToBlob({ type, quality });
  return new Promise((resolve) => canvas.toBlob(resolve, type, quality));
}

/** Whether this browser can re-encode (not in Node or very old browsers: the server check then decides). */
export function canReencodePhotos(): boolean {
  return typeof createImageBitmap === 'function' && (typeof OffscreenCanvas !== 'undefined' || typeof document !== 'undefined');
}

/**
 * The photo's renditions (docs/decisions/photo-renditions.md): drawn at each of `widths` (never wider than the
 * photo) and encoded as WebP at the renditions' quality, without metadata like the photo. Empty where the
 * browser cannot write WebP (the canvas answers PNG): the app then shows the original.
 */
export async function encodeRenditions(file: Blob, widths: readonly number[]): Promise<{ width: number; blob: Blob }[]> {
  if (widths.length === 0) return [];
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const renditions: { width: number; blob: Blob }[] = [];
    for (const width of widths) {
      const size = fitWidth(bitmap.width, bitmap.height, width);
      const canvas = canvasFor(size.width, size.height);
      const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
      if (!context) return [];
      context.imageSmoothingQuality = 'high';
      context.drawImage(bitmap, 0, 0, size.width, size.height);
      const blob = await encode(canvas, RENDITION_TYPE, renditionQuality(width));
      if (!blob || blob.type !== RENDITION_TYPE) return [];
      renditions.push({ width, blob });
    }
    return renditions;
  } finally {
    bitmap.close();
  }
}

/**
 * The photo drawn again without metadata, at most MAX_PHOTO_EDGE px. A PNG or WebP that comes out larger
 * than the picked file (which the app checked against the buckets' 5 MB) is written as a JPEG instead.
 */
export async function reencodePhoto(file: Blob): Promise<Blob> {
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = fitWithin(bitmap.width, bitmap.height);
    const canvas = canvasFor(size.width, size.height);
    const context = canvas.getContext('2d') as OffscreenCanvasRenderingContext2D | CanvasRenderingContext2D | null;
    if (!context) throw new Error('This browser cannot prepare photos for upload');
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    const wanted = reencodeType(file.type);
    let blob = await encode(canvas, wanted, QUALITY);
    // A browser that cannot write the type answers PNG; a lossless PNG of a photo may grow: then JPEG.
    if (!blob || blob.type !== wanted || (wanted !== 'image/jpeg' && blob.size > file.size)) blob = await encode(canvas, 'image/jpeg', QUALITY);
    if (!blob) throw new Error('This browser cannot prepare photos for upload');
    return blob;
  } finally {
    bitmap.close();
  }
}
