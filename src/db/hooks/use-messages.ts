import { countUnreadMessages, getConversation, listConversationMessages, listConversations } from '../queries/messages.ts';
import { useDbQuery } from './use-db-query.ts';

/** A thread's latest messages, oldest first; each row's `_status` says pending / failed. */
export function useConversationMessages(conversationKey: string | null, limit?: number) {
  return useDbQuery(async (db) => (conversationKey ? listConversationMessages(db, conversationKey, limit) : []), [conversationKey, limit]);
}

export function useConversations(limit?: number) {
  return useDbQuery((db) => listConversations(db, limit), [limit]);
}

export function useConversation(conversationKey: string | null) {
  return useDbQuery(async (db) => (conversationKey ? ((await getConversation(db, conversationKey)) ?? null) : null), [conversationKey]);
}

export function useUnreadCount() {
  return useDbQuery((db) => countUnreadMessages(db), []);
}
