// Image transformations for /render/image/* with sharp, as storage-api's imgproxy integration:
// width/height (1…2500), resize cover|contain|fill, quality 20…100 (default 80), format origin|webp|avif
// (webp when no format is asked for and the client accepts it). Rendered variants are cached on disk,
// keyed by object, object version and parameters.
import { createHash } from 'node:crypto';
import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { storageErrors } from './storage-error.ts';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  quality: number;
  format: 'origin' | 'webp' | 'avif' | 'auto';
}

const maxDimension = 2500;

function intParam(value: string | null, name: string, min: number, max: number): number | undefined {
  if (value === null || value === '') return undefined;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 0) throw storageErrors.invalidRequest(`${name} must be a positive integer`);
  if (n === 0) return undefined;
  return Math.min(Math.max(n, min), max);
}

/** Parses transform query parameters; invalid values are a 400 InvalidRequest. */
export function parseTransform(params: URLSearchParams): TransformOptions {
  const resize = params.get('resize') ?? 'cover';
  if (resize !== 'cover' && resize !== 'contain' && resize !== 'fill') throw storageErrors.invalidRequest('resize must be one of cover, contain, fill');
  const format = params.get('format') ?? 'auto';
  if (format !== 'origin' && format !== 'webp' && format !== 'avif' && format !== 'auto') throw storageErrors.invalidRequest('format must be origin, webp or avif');
  const width = intParam(params.get('width'), 'width', 1, maxDimension);
  const height = intParam(params.get('height'), 'height', 1, maxDimension);
  return {
    ...(width !== undefined ? { width } : {}),
    ...(height !== undefined ? { height } : {}),
    resize,
    quality: intParam(params.get('quality'), 'quality', 20, 100) ?? 80,
    format,
  };
}

/** The transform as query text (for signed-URL tokens and cache keys), in a fixed order. */
export function transformToQuery(t: TransformOptions): string {
  const q = new URLSearchParams();
  if (t.width !== undefined) q.set('width', String(t.width));
  if (t.height !== undefined) q.set('height', String(t.height));
  q.set('resize', t.resize);
  q.set('quality', String(t.quality));
  q.set('format', t.format);
  return q.toString();
}

const sharpFit = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

type OutputFormat = 'webp' | 'avif' | 'jpeg' | 'png' | 'gif' | 'tiff';

function chooseFormat(t: TransformOptions, accept: string, sourceFormat: string | undefined): OutputFormat {
  if (t.format === 'webp' || t.format === 'avif') return t.format;
  if (t.format === 'auto' && /image\/webp/i.test(accept)) return 'webp';
  switch (sourceFormat) {
    case 'png':
    case 'gif':
    case 'tiff':
    case 'webp':
    case 'avif':
      return sourceFormat === 'avif' ? 'avif' : (sourceFormat as OutputFormat);
    case 'heif':
      return 'avif';
    default:
      return 'jpeg';
  }
}

const mimeOf: Record<OutputFormat, string> = {
  webp: 'image/webp', avif: 'image/avif', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', tiff: 'image/tiff',
};

export interface RenderedImage {
  bytes: Buffer;
  contentType: string;
  etag: string;
}

export class ImageRenderer {
  private readonly cacheDir: string;

  constructor(dataDir: string) {
    this.cacheDir = join(dataDir, 'render-cache');
  }

  async render(
    source: { file: string; objectKey: string; version: string },
    t: TransformOptions,
    accept: string,
  ): Promise<RenderedImage> {
    let sourceFormat: string | undefined;
    try {
      sourceFormat = (await sharp(source.file).metadata()).format;
    } catch {
      throw storageErrors.notImage();
    }
    const format = chooseFormat(t, accept, sourceFormat);
    const key = createHash('sha256').update(`${source.objectKey}\n${source.version}\n${transformToQuery(t)}\n${format}`).digest('hex');
    const etag = `"${key.slice(0, 32)}"`;
    const cached = join(this.cacheDir, key.slice(0, 2), `${key}.${format}`);
    try {
      return { bytes: await readFile(cached), contentType: mimeOf[format], etag };
    } catch {
      // not rendered yet
    }

    let pipeline = sharp(source.file, { animated: false }).rotate();
    if (t.width !== undefined || t.height !== undefined) {
      pipeline = pipeline.resize({
        ...(t.width !== undefined ? { width: t.width } : {}),
        ...(t.height !== undefined ? { height: t.height } : {}),
        fit: sharpFit[t.resize],
        withoutEnlargement: true,
      });
    }
    pipeline = pipeline.toFormat(format, { quality: t.quality });
    const bytes = await pipeline.toBuffer();

    await mkdir(join(this.cacheDir, key.slice(0, 2)), { recursive: true });
    const temp = `${cached}.${randomUUID()}.tmp`;
    await writeFile(temp, bytes);
    await rename(temp, cached);
    return { bytes, contentType: mimeOf[format], etag };
  }
}
