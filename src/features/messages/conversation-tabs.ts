// Which tab of the Conversations list a conversation belongs to, and what the chat header calls the
// other party. Decided (docs/product.md §2 leaves it open): the tabs sort by who you talk to.
//   Guests: fellow guests (guest_guest), house chats, and, for a host, their guests (host_guest).
//   Hosts:  for a guest, their hosts (host_guest).
import type { ConversationType } from '../../db/tables.ts';

export type PartyRole = 'guest' | 'host';
export type ConversationTab = 'guests' | 'hosts';

export const DEFAULT_TAB: ConversationTab = 'guests';

/** The other person's role: a host_guest thread always pairs a host with a guest. */
export function otherPartyRole(type: Exclude<ConversationType, 'house'>, myRole: PartyRole): PartyRole {
  if (type === 'guest_guest') return 'guest';
  return myRole === 'host' ? 'guest' : 'host';
}

export function tabForConversation(type: ConversationType, myRole: PartyRole): ConversationTab {
  if (type === 'house') return 'guests';
  return otherPartyRole(type, myRole) === 'host' ? 'hosts' : 'guests';
}

/** "Guest" / "Host" as the chat header shows it. */
export function roleLabel(role: PartyRole): string {
  return role === 'host' ? 'Host' : 'Guest';
}
