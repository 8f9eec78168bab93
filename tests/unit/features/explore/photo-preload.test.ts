import { describe, expect, it } from 'vitest';
import { neighbourIndexes } from '../../../../src/features/explore/photo-preload.ts';

describe('neighbouring photos to preload', () => {
  it('are the next and previous slides, wrapping at both ends', () => {
    expect(neighbourIndexes(0, 5)).toEqual([1, 4]);
    expect(neighbourIndexes(4, 5)).toEqual([0, 3]);
    expect(neighbourIndexes(2, 5)).toEqual([3, 1]);
  });

  it('name a slide once when next and previous coincide, and none for a single photo', () => {
    expect(neighbourIndexes(0, 2)).toEqual([1]);
    expect(neighbourIndexes(0, 1)).toEqual([]);
    expect(neighbourIndexes(0, 0)).toEqual([]);
  });
});
