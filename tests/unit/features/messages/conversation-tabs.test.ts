import { describe, expect, it } from 'vitest';
import { otherPartyRole, roleLabel, tabForConversation } from '../../../../src/features/messages/conversation-tabs.ts';

describe('conversation tabs', () => {
  it('puts a guest’s hosts under Hosts and fellow guests and house chats under Guests', () => {
    expect(tabForConversation('host_guest', 'guest')).toBe('hosts');
    expect(tabForConversation('guest_guest', 'guest')).toBe('guests');
    expect(tabForConversation('house', 'guest')).toBe('guests');
  });

  it('puts a host’s guests under Guests', () => {
    expect(tabForConversation('host_guest', 'host')).toBe('guests');
    expect(tabForConversation('house', 'host')).toBe('guests');
  });

  it('names the other party Guest or Host for the chat header', () => {
    expect(roleLabel(otherPartyRole('host_guest', 'guest'))).toBe('Host');
    expect(roleLabel(otherPartyRole('host_guest', 'host'))).toBe('Guest');
    expect(roleLabel(otherPartyRole('guest_guest', 'guest'))).toBe('Guest');
  });
});
