// Which encoding the stand-in answers in for a request's Accept-Encoding (supabase/local/src/http/compression.ts).
import { describe, expect, it } from 'vitest';
import { negotiateEncoding } from '../../../supabase/local/src/http/compression.ts';

describe('negotiateEncoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['deflate', null],
    ['gzip', 'gzip'],
    ['gzip, deflate', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['BR', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br, gzip;q=0', 'br'],
    ['gzip;q=0, br;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['gzip;q=0.2, identity', null],
    ['gzip;q=bad', null],
  ] as const)('%s → %s', (acceptEncoding, expected) => {
    expect(negotiateEncoding(acceptEncoding)).toBe(expected);
  });
});
