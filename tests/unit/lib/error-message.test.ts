import { describe, expect, it } from 'vitest';
import { errorMessage } from '../../../src/lib/error-message.ts';

describe('errorMessage', () => {
  it.each([
    [new Error('Invalid login credentials'), 'Invalid login credentials'],
    [{ message: 'new row violates row-level security policy', code: '42501' }, 'new row violates row-level security policy'],
    ['plain text', 'plain text'],
    [{ code: 'x' }, 'An unexpected error occurred.'],
    [null, 'An unexpected error occurred.'],
  ])('%j → %s', (error, expected) => {
    expect(errorMessage(error)).toBe(expected);
  });
});
