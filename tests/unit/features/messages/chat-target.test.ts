import { describe, expect, it } from 'vitest';
import { chatHref, chooseDirectType, conversationKeyOf, parseChatTarget } from '../../../../src/features/messages/chat-target.ts';

const me = 'a0000000-0000-4000-8000-000000000011';
const other = 'a0000000-0000-4000-8000-000000000001';
const property = 'b0000000-0000-4000-8000-000000000001';

describe('parseChatTarget', () => {
  it('reads ?conversation= with an optional guest_guest type', () => {
    expect(parseChatTarget(`conversation=${other}`, me)).toEqual({ kind: 'direct', userId: other, requestedType: null });
    expect(parseChatTarget(`conversation=${other}&type=guest_guest`, me)).toEqual({ kind: 'direct', userId: other, requestedType: 'guest_guest' });
    expect(parseChatTarget(`conversation=${other}&type=house`, me)).toEqual({ kind: 'direct', userId: other, requestedType: null });
  });

  it('reads ?house= and prefers it', () => {
    expect(parseChatTarget(`house=${property}&conversation=${other}`, me)).toEqual({ kind: 'house', propertyId: property });
  });

  it('selects nothing for a malformed id, no id, or yourself', () => {
    expect(parseChatTarget('conversation=not-a-uuid', me)).toBeNull();
    expect(parseChatTarget('', me)).toBeNull();
    expect(parseChatTarget(`conversation=${me.toUpperCase()}`, me)).toBeNull();
  });

  it('keys and links conversations like the local mirror does', () => {
    expect(conversationKeyOf({ kind: 'direct', userId: other, requestedType: null })).toBe(`dm:${other}`);
    expect(conversationKeyOf({ kind: 'house', propertyId: property })).toBe(`house:${property}`);
    expect(chatHref({ kind: 'house', propertyId: property })).toBe(`/messages?house=${property}`);
    expect(chatHref({ kind: 'direct', userId: other })).toBe(`/messages?conversation=${other}`);
  });
});

describe('chooseDirectType', () => {
  it('keeps the type of an existing conversation', () => {
    expect(chooseDirectType({ existing: 'guest_guest', requested: 'host_guest', myRole: 'host', theirRole: 'host' })).toBe('guest_guest');
  });

  it('uses the requested type for a new conversation', () => {
    expect(chooseDirectType({ existing: null, requested: 'guest_guest', myRole: 'guest', theirRole: 'host' })).toBe('guest_guest');
  });

  it('is guest_guest when both are guests, host_guest otherwise', () => {
    expect(chooseDirectType({ existing: null, requested: null, myRole: 'guest', theirRole: 'guest' })).toBe('guest_guest');
    expect(chooseDirectType({ existing: null, requested: null, myRole: 'guest', theirRole: 'host' })).toBe('host_guest');
    expect(chooseDirectType({ existing: null, requested: null, myRole: 'guest', theirRole: null })).toBe('host_guest');
    expect(chooseDirectType({ existing: null, requested: null, myRole: 'host', theirRole: 'guest' })).toBe('host_guest');
  });
});
