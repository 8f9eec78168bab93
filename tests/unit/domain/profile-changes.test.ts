// What a profile edit sends (only changed fields, each with its base), how queued edits combine, and
// how an open form follows a change from elsewhere (docs/decisions/profile-writes-and-conflicts.md).
import { describe, expect, it } from 'vitest';
import { combineProfileChanges, isSameFieldValue, profileChange, rebaseEdits } from '../../../src/domain/profile-changes.ts';

describe('isSameFieldValue', () => {
  it.each([
    ['equal strings', 'a', 'a', true],
    ['different strings', 'a', 'b', false],
    ['null and undefined', null, undefined, true],
    ['empty string is not null', '', null, false],
    ['arrays in order', ['a', 'b'], ['a', 'b'], true],
    ['arrays out of order', ['a', 'b'], ['b', 'a'], false],
    ['booleans', false, false, true],
    ['number and its string', 1, '1', false],
  ])('%s', (_name, a, b, expected) => {
    expect(isSameFieldValue(a, b)).toBe(expected);
  });
});

describe('profileChange', () => {
  const base = { name: 'Ana', bio: null, profession: 'Designer', interests: ['Yoga'], show_in_whos_staying: true };
  it.each([
    { name: 'nothing changed', edited: { ...base }, expected: null },
    { name: 'one field', edited: { ...base, profession: 'Architect' }, expected: { patch: { profession: 'Architect' }, base: { profession: 'Designer' } } },
    { name: 'a null base', edited: { ...base, bio: 'Hi' }, expected: { patch: { bio: 'Hi' }, base: { bio: null } } },
    { name: 'cleared to null', edited: { ...base, profession: null }, expected: { patch: { profession: null }, base: { profession: 'Designer' } } },
    { name: 'array changed', edited: { ...base, interests: ['Yoga', 'Coffee'] }, expected: { patch: { interests: ['Yoga', 'Coffee'] }, base: { interests: ['Yoga'] } } },
    { name: 'fields left out are not part of it', edited: { show_in_whos_staying: false }, expected: { patch: { show_in_whos_staying: false }, base: { show_in_whos_staying: true } } },
    { name: 'undefined means not edited', edited: { bio: undefined, name: 'Ana' }, expected: null },
    { name: 'a field the base lacks', edited: { age: 30 }, expected: { patch: { age: 30 }, base: { age: null } } },
  ])('$name', ({ edited, expected }) => {
    expect(profileChange(base, edited)).toEqual(expected);
  });
});

describe('combineProfileChanges', () => {
  it.each([
    {
      name: 'disjoint fields add up',
      first: { patch: { bio: 'b' }, base: { bio: null } },
      next: { patch: { profession: 'p' }, base: { profession: 'q' } },
      expected: { patch: { bio: 'b', profession: 'p' }, base: { bio: null, profession: 'q' } },
    },
    {
      name: 'the same field: later value, first base',
      first: { patch: { bio: 'one' }, base: { bio: 'zero' } },
      next: { patch: { bio: 'two' }, base: { bio: 'one' } },
      expected: { patch: { bio: 'two' }, base: { bio: 'zero' } },
    },
    {
      name: 'changed back: a no-op write the server answers without conflict',
      first: { patch: { bio: 'one' }, base: { bio: 'zero' } },
      next: { patch: { bio: 'zero' }, base: { bio: 'one' } },
      expected: { patch: { bio: 'zero' }, base: { bio: 'zero' } },
    },
  ])('$name', ({ first, next, expected }) => {
    expect(combineProfileChanges(first, next)).toEqual(expected);
  });
});

describe('rebaseEdits', () => {
  it.each([
    {
      name: 'an untouched field follows the new value',
      base: { bio: 'a', name: 'Ana' }, edited: { bio: 'a', name: 'Ana' }, incoming: { bio: 'b', name: 'Ana' },
      expected: { base: { bio: 'b', name: 'Ana' }, edited: { bio: 'b', name: 'Ana' }, followed: ['bio'] },
    },
    {
      name: 'an edited field keeps the edit and its old base (the server decides)',
      base: { bio: 'a', name: 'Ana' }, edited: { bio: 'mine', name: 'Ana' }, incoming: { bio: 'theirs', name: 'Ana' },
      expected: { base: { bio: 'a', name: 'Ana' }, edited: { bio: 'mine', name: 'Ana' }, followed: [] },
    },
    {
      name: 'mixed: one followed, one kept',
      base: { bio: 'a', name: 'Ana' }, edited: { bio: 'mine', name: 'Ana' }, incoming: { bio: 'theirs', name: 'Ana B' },
      expected: { base: { bio: 'a', name: 'Ana B' }, edited: { bio: 'mine', name: 'Ana B' }, followed: ['name'] },
    },
    {
      name: 'own save coming back: the saved value becomes the base',
      base: { bio: 'a' }, edited: { bio: 'a' }, incoming: { bio: 'a' },
      expected: { base: { bio: 'a' }, edited: { bio: 'a' }, followed: [] },
    },
  ])('$name', ({ base, edited, incoming, expected }) => {
    expect(rebaseEdits(base, edited, incoming)).toEqual(expected);
  });
});
