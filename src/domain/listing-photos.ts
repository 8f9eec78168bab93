// Listing photos (docs/product.md §5, §7, §9): which picked files may be uploaded, where they are stored, how a
// stored URL maps back to its object (for remove), and the reorder rule of the owner's photo grid.
import * as v from 'valibot';
import { photoFileSchema } from './schemas/photo-file.ts';
import { toastForIssueMessage } from './validation-toast.ts';
import type { Toast } from './messages.ts';

/** Keeps the image files of at most 5 MB; the first refusal becomes the toast (File too large / …). */
export function checkPhotoFiles<TFile extends Blob>(files: readonly TFile[]): { accepted: TFile[]; rejection: Toast | null } {
  const accepted: TFile[] = [];
  let rejection: Toast | null = null;
  for (const file of files) {
    const result = v.safeParse(photoFileSchema, file);
    if (result.success) accepted.push(file);
    else rejection ??= toastForIssueMessage(result.issues[0].message);
  }
  return { accepted, rejection };
}

/** A file name that is safe as one storage path segment (letters, digits, dot, dash, underscore). */
export function safeFileName(name: string): string {
  const cleaned = name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9._-]+/g, '-')
    .replace(/-{2,}/g, '-')
    .replace(/-*\.-*/g, '.')
    .replace(/^[-.]+|[-.]+$/g, '');
  return cleaned.slice(-80) || 'photo';
}

/**
 * `{propertyId}/{timestamp}-{name}` in property-photos or room-photos: the first folder names the
 * property, which is what the storage policy checks (only its host may write there).
 */
export function listingPhotoPath(propertyId: string, fileName: string, now: number = Date.now()): string {
  return `${propertyId}/${now}-${safeFileName(fileName)}`;
}

/** The object path inside `bucket` of a public (or rendered) storage URL, absolute or relative; null when it is not one. */
export function storageObjectPath(url: string, bucket: string): string | null {
  for (const marker of [`/storage/v1/object/public/${bucket}/`, `/storage/v1/render/image/public/${bucket}/`]) {
    const at = url.indexOf(marker);
    if (at === -1) continue;
    const rest = url.slice(at + marker.length).split(/[?#]/)[0] ?? '';
    try {
      return rest ? decodeURIComponent(rest) : null;
    } catch {
      return null;
    }
  }
  return null;
}

export type DropPosition = 'before' | 'after';

/**
 * Moves `moving` (in their current relative order) before or after `target`, as a drag-and-drop
 * reorder does. Unknown keys are ignored; dropping onto one of the moved items keeps the order.
 */
export function reorderItems<T>(items: readonly T[], moving: ReadonlySet<T>, target: T, position: DropPosition): T[] {
  if (moving.has(target) || !items.includes(target)) return [...items];
  const moved = items.filter((item) => moving.has(item));
  const rest = items.filter((item) => !moving.has(item));
  const at = rest.indexOf(target) + (position === 'after' ? 1 : 0);
  return [...rest.slice(0, at), ...moved, ...rest.slice(at)];
}

/** Overall 0…1 progress of uploads done one after another: finished bytes plus the share of the current file. */
export function batchProgress(sizes: readonly number[], index: number, fraction: number): number {
  const total = sizes.reduce((sum, size) => sum + Math.max(size, 1), 0);
  if (total === 0) return 1;
  const done = sizes.slice(0, index).reduce((sum, size) => sum + Math.max(size, 1), 0);
  const current = Math.max(sizes[index] ?? 0, 1) * Math.min(Math.max(fraction, 0), 1);
  return Math.min((done + current) / total, 1);
}
