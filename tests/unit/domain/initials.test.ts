import { describe, expect, it } from 'vitest';
import { firstInitial, initials } from '../../../src/domain/initials.ts';
import { ageBand } from '../../../src/domain/age-band.ts';

describe('initials', () => {
  it.each([
    ['John Doe', 'JD'],
    ['john doe', 'JD'],
    ['Madonna', 'M'],
    ['  Ana   María  López ', 'AML'],
    ['John Ronald Reuel Tolkien', 'JRRT'],
    ['élodie durand', 'ÉD'],
    ['Zoë\tvan\nDijk', 'ZVD'],
    ['', 'U'],
    ['   ', 'U'],
    [null, 'U'],
    [undefined, 'U'],
  ])('%j → %s', (name, expected) => {
    expect(initials(name)).toBe(expected);
  });
});

describe('firstInitial (Who\'s Staying)', () => {
  it.each([
    ['maria lopez', 'M'],
    ['  sam', 'S'],
    ['', 'U'],
    [null, 'U'],
  ])('%j → %s', (name, expected) => {
    expect(firstInitial(name)).toBe(expected);
  });
});

describe('ageBand', () => {
  it.each([
    [27, '25-29'],
    [25, '25-29'],
    [29, '25-29'],
    [29.9, '25-29'],
    [30, '30-34'],
    [18, '15-19'],
    [0, '0-4'],
    [null, null],
    [undefined, null],
    [-1, null],
    [Number.NaN, null],
  ])('%s → %s', (age, expected) => {
    expect(ageBand(age)).toBe(expected);
  });
});
