import { describe, expect, it } from 'vitest';
import { isChatOnScreen, parsePushPayload, showsSameChat, windowForClick, type PushPayload } from '../../../sw/push-notifications.ts';

const origin = 'https://nomadnest.example';
const maya = '6f1c2a52-8e7b-4d1a-9c3e-1b2a3c4d5e6f';
const leo = '0b9e8d7c-6a5b-4c3d-8e2f-1a2b3c4d5e6f';
const house = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';

const message: PushPayload = { kind: 'message', title: 'Maya', body: 'See you Friday', icon: null, url: `/messages?conversation=${maya}`, tag: 'dm-1', badge: 2 };

describe('parsePushPayload', () => {
  const valid = JSON.stringify(message);
  it.each([
    ['null data', null, null],
    ['not JSON', 'hello', null],
    ['a JSON string', '"hi"', null],
    ['an unknown kind', JSON.stringify({ ...message, kind: 'promo' }), null],
    ['no title', JSON.stringify({ ...message, title: undefined }), null],
    ['an absolute URL (could open another site)', JSON.stringify({ ...message, url: 'https://evil.example/' }), null],
    ['a protocol-relative URL', JSON.stringify({ ...message, url: '//evil.example/' }), null],
    ['no tag', JSON.stringify({ ...message, tag: 3 }), null],
  ])('drops %s', (_name, text, expected) => {
    expect(parsePushPayload(text)).toBe(expected);
  });

  it('keeps a valid payload as it is', () => {
    expect(parsePushPayload(valid)).toEqual(message);
  });

  it.each([
    [-1, 0],
    [Number.NaN, 0],
    ['3', 0],
    [4.7, 4],
    [12, 12],
  ])('badge %s → %s', (badge, expected) => {
    expect(parsePushPayload(JSON.stringify({ ...message, badge }))?.badge).toBe(expected);
  });

  it('an empty icon means the app icon', () => {
    expect(parsePushPayload(JSON.stringify({ ...message, icon: '' }))?.icon).toBeNull();
  });
});

describe('showsSameChat', () => {
  it.each([
    [`/messages?conversation=${maya}`, `/messages?conversation=${maya}`, true],
    [`${origin}/messages?conversation=${maya.toUpperCase()}&type=guest_guest`, `/messages?conversation=${maya}`, true],
    [`/messages?conversation=${leo}`, `/messages?conversation=${maya}`, false],
    ['/messages', `/messages?conversation=${maya}`, false],
    [`/dashboard?conversation=${maya}`, `/messages?conversation=${maya}`, false],
    [`/messages?house=${house}`, `/messages?house=${house}`, true],
    [`/messages?conversation=${maya}`, '/dashboard', false],
    [`https://other.example/messages?conversation=${maya}`, `/messages?conversation=${maya}`, false],
  ])('%s shows %s: %s', (windowUrl, target, expected) => {
    expect(showsSameChat(windowUrl, target, origin)).toBe(expected);
  });
});

describe('isChatOnScreen', () => {
  const chatWindow = (visibilityState: DocumentVisibilityState) => ({ url: `${origin}/messages?conversation=${maya}`, visibilityState, focused: visibilityState === 'visible' });
  it('a visible window on that chat: nothing to show', () => {
    expect(isChatOnScreen([chatWindow('visible')], message, origin)).toBe(true);
  });
  it('the chat in a hidden window (another tab in front, app in the background): notify', () => {
    expect(isChatOnScreen([chatWindow('hidden')], message, origin)).toBe(false);
  });
  it('no window: notify', () => {
    expect(isChatOnScreen([], message, origin)).toBe(false);
  });
  it('booking updates always notify', () => {
    expect(isChatOnScreen([{ url: `${origin}/dashboard`, visibilityState: 'visible', focused: true }], { ...message, kind: 'booking', url: '/dashboard' }, origin)).toBe(false);
  });
});

describe('windowForClick', () => {
  const at = (path: string, focused = false) => ({ url: `${origin}${path}`, visibilityState: 'visible' as const, focused });
  it('prefers a window already on the target', () => {
    const target = at(`/messages?conversation=${maya}`);
    expect(windowForClick([at('/dashboard', true), target], `/messages?conversation=${maya}`, origin)).toBe(target);
  });
  it('else the focused window', () => {
    const focused = at('/profile', true);
    expect(windowForClick([at('/dashboard'), focused], '/dashboard?x=1', origin)).toBe(focused);
  });
  it('else any window', () => {
    const only = at('/profile');
    expect(windowForClick([only], '/dashboard', origin)).toBe(only);
  });
  it('none: a new window opens', () => {
    expect(windowForClick([], '/dashboard', origin)).toBeNull();
  });
});
