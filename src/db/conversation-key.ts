import type { ConversationType } from './tables.ts';

export interface ConversationAddress {
  sender_id: string;
  receiver_id: string | null;
  property_id: string | null;
  conversation_type: ConversationType;
}

/** `house:<property>` for a house chat, `dm:<the other person>` for a direct message, as `me` sees it. */
export function conversationKeyFor(message: ConversationAddress, me: string): string {
  if (message.conversation_type === 'house') return houseConversationKey(message.property_id ?? '');
  const other = message.sender_id === me ? message.receiver_id : message.sender_id;
  return directConversationKey(other ?? '');
}

export function directConversationKey(otherUserId: string): string {
  return `dm:${otherUserId}`;
}

export function houseConversationKey(propertyId: string): string {
  return `house:${propertyId}`;
}
