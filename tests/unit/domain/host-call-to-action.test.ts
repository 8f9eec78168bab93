import { describe, expect, it } from 'vitest';
import { hostCallToAction } from '../../../src/domain/host-call-to-action.ts';

describe('hostCallToAction', () => {
  it.each([
    { isSignedIn: false, role: null, label: 'Become a Host', href: '/auth?mode=signup&role=host' },
    { isSignedIn: true, role: null, label: 'Become a Host', href: '/host-onboarding' },
    { isSignedIn: true, role: 'guest', label: 'Become a Host', href: '/host-onboarding' },
    { isSignedIn: true, role: 'host', label: 'List a Villa', href: '/property/new' },
  ] as const)('signed in $isSignedIn as $role → $label', ({ isSignedIn, role, label, href }) => {
    expect(hostCallToAction(isSignedIn, role)).toEqual({ label, href });
  });
});
