import { describe, expect, it } from 'vitest';
import {
  addInterest, canAddInterest, formatInterestList, hasInterest, parseInterestList, removeInterest, toggleInterest,
} from '../../../src/domain/interests.ts';

const SIX = ['Surfing', 'Yoga', 'Design', 'Startups', 'Crypto', 'Photography'];

describe('parseInterestList: split on commas, trimmed, empty dropped', () => {
  it.each<[string | null | undefined, string[]]>([
    ['Surfing, , Yoga ,Coffee', ['Surfing', 'Yoga', 'Coffee']],
    ['  Remote work  ', ['Remote work']],
    [',,', []],
    ['', []],
    [null, []],
    [undefined, []],
  ])('%j → %j', (text, interests) => {
    expect(parseInterestList(text)).toEqual(interests);
  });

  it('formats back as the comma-separated field', () => {
    expect(formatInterestList(['Surfing', 'Yoga'])).toBe('Surfing, Yoga');
    expect(parseInterestList(formatInterestList(SIX))).toEqual(SIX);
  });
});

describe('addInterest: trimmed, non-empty, not duplicate, at most 6', () => {
  it.each<[string, readonly string[], string, readonly string[]]>([
    ['adds trimmed', ['Yoga'], '  Kitesurfing ', ['Yoga', 'Kitesurfing']],
    ['ignores blank', ['Yoga'], '   ', ['Yoga']],
    ['ignores a duplicate in another case', ['Yoga'], 'yOGA', ['Yoga']],
    ['ignores a duplicate with spaces', ['Yoga'], ' Yoga ', ['Yoga']],
    ['adds the 6th', SIX.slice(0, 5), 'Photography', SIX],
    ['refuses the 7th', SIX, 'Coffee', SIX],
  ])('%s', (_, list, raw, expected) => {
    expect(addInterest(list, raw)).toEqual(expected);
  });

  it('returns the same list when nothing changes', () => {
    const list = ['Yoga'];
    expect(addInterest(list, 'yoga')).toBe(list);
  });

  it.each([[0, true], [5, true], [6, false], [7, false]])('canAddInterest with %s chosen → %s', (count, allowed) => {
    expect(canAddInterest(SIX.concat(SIX).slice(0, count))).toBe(allowed);
  });
});

describe('remove and toggle', () => {
  it('removes case-insensitively', () => {
    expect(removeInterest(['Yoga', 'Coffee'], 'yoga')).toEqual(['Coffee']);
    expect(removeInterest(['Yoga'], 'Art')).toEqual(['Yoga']);
  });

  it.each<[readonly string[], string, readonly string[]]>([
    [['Yoga'], 'Yoga', []],
    [['Yoga'], 'Coffee', ['Yoga', 'Coffee']],
    [SIX, 'Coffee', SIX],
    [SIX, 'Crypto', ['Surfing', 'Yoga', 'Design', 'Startups', 'Photography']],
  ])('toggle %j with %s → %j', (list, interest, expected) => {
    expect(toggleInterest(list, interest)).toEqual(expected);
  });

  it('hasInterest ignores case and spaces', () => {
    expect(hasInterest(['Coffee'], ' coffee ')).toBe(true);
    expect(hasInterest(['Coffee'], 'Tea')).toBe(false);
  });
});
