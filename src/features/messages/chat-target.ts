// The conversation the URL asks for: `?conversation={userId}` (optionally `&type=guest_guest`) or
// `?house={propertyId}`. Anything else (a malformed id, yourself) selects nothing.
import { directConversationKey, houseConversationKey } from '../../db/conversation-key.ts';
import type { ConversationType } from '../../db/tables.ts';
import type { PartyRole } from './conversation-tabs.ts';

export type DirectType = Exclude<ConversationType, 'house'>;

export type ChatTarget =
  | { kind: 'direct'; userId: string; requestedType: DirectType | null }
  | { kind: 'house'; propertyId: string };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function parseChatTarget(search: string, me: string): ChatTarget | null {
  const params = new URLSearchParams(search);
  const house = params.get('house');
  if (house && UUID.test(house)) return { kind: 'house', propertyId: house.toLowerCase() };
  const userId = params.get('conversation');
  if (!userId || !UUID.test(userId) || userId.toLowerCase() === me.toLowerCase()) return null;
  const type = params.get('type');
  return { kind: 'direct', userId: userId.toLowerCase(), requestedType: type === 'guest_guest' || type === 'host_guest' ? type : null };
}

export function conversationKeyOf(target: ChatTarget): string {
  return target.kind === 'house' ? houseConversationKey(target.propertyId) : directConversationKey(target.userId);
}

export function chatHref(target: { kind: 'direct'; userId: string } | { kind: 'house'; propertyId: string }): string {
  return target.kind === 'house' ? `/messages?house=${target.propertyId}` : `/messages?conversation=${target.userId}`;
}

/**
 * The type of a direct conversation: an existing thread keeps its type; a new one is host_guest
 * unless the link asks for guest_guest or both people are guests (docs/product.md §3: missing means host_guest).
 */
export function chooseDirectType(input: { existing: ConversationType | null; requested: DirectType | null; myRole: PartyRole; theirRole: PartyRole | null }): DirectType {
  if (input.existing === 'guest_guest' || input.existing === 'host_guest') return input.existing;
  if (input.requested) return input.requested;
  return input.myRole === 'guest' && input.theirRole === 'guest' ? 'guest_guest' : 'host_guest';
}
