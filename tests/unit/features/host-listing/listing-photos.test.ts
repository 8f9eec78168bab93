import { describe, expect, it } from 'vitest';
import { batchProgress, checkPhotoFiles, listingPhotoPath, reorderItems, safeFileName, storageObjectPath } from '../../../../src/domain/listing-photos.ts';

const file = (size: number, type: string) => new Blob([new Uint8Array(size)], { type });

describe('checkPhotoFiles', () => {
  it('keeps images of at most 5 MB and reports the first refusal with the SPEC text', () => {
    const ok = file(10, 'image/png');
    const big = file(5 * 1024 * 1024 + 1, 'image/jpeg');
    const { accepted, rejection } = checkPhotoFiles([ok, big]);
    expect(accepted).toEqual([ok]);
    expect(rejection).toEqual({ title: 'File too large', description: 'Please upload an image smaller than 5MB' });
  });

  it('accepts exactly 5 MB and refuses non-images', () => {
    const edge = file(5 * 1024 * 1024, 'image/webp');
    const { accepted, rejection } = checkPhotoFiles([file(3, 'application/pdf'), edge]);
    expect(accepted).toEqual([edge]);
    expect(rejection?.title).toBe('Invalid file type');
  });
});

describe('photo paths', () => {
  it('stores under {propertyId}/{timestamp}-{name} with a safe name', () => {
    expect(listingPhotoPath('p-1', 'Sunset Terrace (1).JPG', 1700000000000)).toBe('p-1/1700000000000-sunset-terrace-1.jpg');
    expect(safeFileName('Café über.png')).toBe('cafe-uber.png');
    expect(safeFileName('../../etc/passwd')).toBe('etc-passwd');
    expect(safeFileName('???')).toBe('photo');
  });

  it('maps public and rendered URLs (absolute or relative) back to the object path', () => {
    expect(storageObjectPath('http://127.0.0.1:54321/storage/v1/object/public/property-photos/p-1/1-a.png', 'property-photos')).toBe('p-1/1-a.png');
    expect(storageObjectPath('/storage/v1/render/image/public/property-photos/p%201/x.webp?width=1200', 'property-photos')).toBe('p 1/x.webp');
    expect(storageObjectPath('/storage/v1/object/public/room-photos/p-1/a.png', 'property-photos')).toBeNull();
    expect(storageObjectPath('https://example.com/a.png', 'property-photos')).toBeNull();
  });
});

describe('reorderItems', () => {
  const photos = ['a', 'b', 'c', 'd'];
  it('moves an item before or after the target', () => {
    expect(reorderItems(photos, new Set(['a']), 'c', 'after')).toEqual(['b', 'c', 'a', 'd']);
    expect(reorderItems(photos, new Set(['d']), 'a', 'before')).toEqual(['d', 'a', 'b', 'c']);
    expect(reorderItems(photos, new Set(['b', 'd']), 'a', 'before')).toEqual(['b', 'd', 'a', 'c']);
  });
  it('keeps the order when dropped onto itself or an unknown target', () => {
    expect(reorderItems(photos, new Set(['b']), 'b', 'after')).toEqual(photos);
    expect(reorderItems(photos, new Set(['b']), 'z', 'after')).toEqual(photos);
  });
});

describe('batchProgress', () => {
  it('weighs files by size', () => {
    expect(batchProgress([100, 300], 0, 1)).toBeCloseTo(0.25);
    expect(batchProgress([100, 300], 1, 0.5)).toBeCloseTo(0.625);
    expect(batchProgress([100, 300], 1, 1)).toBe(1);
  });
});
