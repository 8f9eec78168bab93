import { describe, expect, it } from 'vitest';
import { postSignInPath, profileNameFor, safeRedirectPath } from '../../../src/domain/sign-in-routing.ts';

describe('postSignInPath (docs/product.md §4 sign-in routing)', () => {
  it.each([
    ['guest not onboarded', { role: 'guest', onboardingComplete: false, redirect: '/profile' }, '/onboarding'],
    ['host not onboarded', { role: 'host', onboardingComplete: false, redirect: '/profile' }, '/host-onboarding'],
    ['onboarded, no redirect', { role: 'guest', onboardingComplete: true, redirect: null }, '/dashboard'],
    ['onboarded, saved redirect', { role: 'host', onboardingComplete: true, redirect: '/messages?conversation=abc' }, '/messages?conversation=abc'],
    ['onboarded, off-site redirect refused', { role: 'guest', onboardingComplete: true, redirect: '//evil.test/x' }, '/dashboard'],
    ['onboarded, absolute URL refused', { role: 'guest', onboardingComplete: true, redirect: 'https://evil.test' }, '/dashboard'],
  ] as const)('%s', (_name, account, expected) => {
    expect(postSignInPath(account)).toBe(expected);
  });
});

describe('safeRedirectPath', () => {
  it.each([
    ['/dashboard', '/dashboard'],
    ['', null],
    [null, null],
    ['/\\evil.test', null],
    ['dashboard', null],
  ])('%s → %s', (input, expected) => {
    expect(safeRedirectPath(input)).toBe(expected);
  });
});

describe('profileNameFor (name fallback chain)', () => {
  it.each([
    [{ fullName: 'Ana Ribeiro', signupName: 'Other', email: 'a@b.c' }, 'Ana Ribeiro'],
    [{ fullName: '  ', signupName: 'Stored Name', email: 'a@b.c' }, 'Stored Name'],
    [{ fullName: 42, signupName: null, email: 'kenji.mori@example.com' }, 'kenji.mori'],
    [{ fullName: undefined, signupName: '', email: '' }, 'User'],
    [{}, 'User'],
  ])('%j → %s', (sources, expected) => {
    expect(profileNameFor(sources)).toBe(expected);
  });
});
