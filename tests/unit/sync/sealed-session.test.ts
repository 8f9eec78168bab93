// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import {
  discardedNotice,
  forgetSealedSession,
  readSealedSession,
  sealSession,
  sessionExpiredPrompt,
  whenUserLeaves,
  whenUserSignsIn,
} from '../../../src/sync/sealed-session.ts';

const leo = 'a0000000-0000-4000-8000-000000000011';
const ana = 'a0000000-0000-4000-8000-000000000012';

afterEach(() => forgetSealedSession());

describe('a user leaving the session', () => {
  it('keeps unsent writes sealed when the server refused the session', () => {
    expect(whenUserLeaves({ reason: 'refused', unsent: 3 })).toBe('seal');
  });

  it('wipes when nothing is unsent, or when the user chose to sign out', () => {
    expect(whenUserLeaves({ reason: 'refused', unsent: 0 })).toBe('wipe');
    expect(whenUserLeaves({ reason: 'chosen', unsent: 3 })).toBe('wipe');
  });
});

describe('signing in with sealed writes on the device', () => {
  it('unseals them for the same user', () => {
    sealSession({ userId: leo, email: 'leo@x.test', unsent: 3 });
    expect(whenUserSignsIn(leo)).toEqual({ action: 'unseal' });
  });

  it('discards them for a different user, with what was lost', () => {
    sealSession({ userId: leo, email: 'leo@x.test', unsent: 3 });
    expect(whenUserSignsIn(ana)).toEqual({ action: 'discard', sealed: { userId: leo, email: 'leo@x.test', unsent: 3 } });
  });

  it('does nothing when nothing is sealed', () => {
    expect(whenUserSignsIn(ana)).toEqual({ action: 'none' });
  });

  it('keeps the seal across a reload (web storage)', () => {
    sealSession({ userId: leo, email: null, unsent: 1 });
    expect(readSealedSession()).toEqual({ userId: leo, email: null, unsent: 1 });
    forgetSealedSession();
    expect(readSealedSession()).toBeNull();
  });
});

describe('what the user is told', () => {
  it('asks to sign in again, with the count', () => {
    expect(sessionExpiredPrompt(3)).toBe('Your session expired. Sign in again to send your 3 unsent changes.');
    expect(sessionExpiredPrompt(1)).toBe('Your session expired. Sign in again to send your 1 unsent change.');
  });

  it('says what a different account discarded', () => {
    expect(discardedNotice({ userId: leo, email: 'leo@x.test', unsent: 3 })).toBe('3 unsent changes of leo@x.test were discarded');
    expect(discardedNotice({ userId: leo, email: null, unsent: 1 })).toBe('1 unsent change of the previous account was discarded');
  });
});
