import type { AppDb } from '../db.ts';
import type { ConversationSummaryRow, MessageRow } from '../tables.ts';

export const DEFAULT_MESSAGE_LIMIT = 200;
export const DEFAULT_CONVERSATION_LIMIT = 200;

/** The latest `limit` messages of a conversation, oldest first (as a thread renders them). */
export async function listConversationMessages(db: AppDb, conversationKey: string, limit = DEFAULT_MESSAGE_LIMIT): Promise<MessageRow[]> {
  const latest = await db.messages
    .where('[conversation_key+created_at]')
    .between([conversationKey, ''], [conversationKey, '\uffff'])
    .reverse()
    .filter((message) => message.deleted_at === null)
    .limit(limit)
    .toArray();
  return latest.reverse();
}

/** Messages the user wrote that are not yet acknowledged or failed permanently, oldest first. */
export async function listUnsentMessages(db: AppDb, limit = DEFAULT_MESSAGE_LIMIT): Promise<MessageRow[]> {
  const rows = await db.messages.where('_status').anyOf('pending', 'failed').limit(limit).toArray();
  return rows.sort((a, b) => a.created_at.localeCompare(b.created_at));
}

/** The inbox, most recent conversation first. */
export function listConversations(db: AppDb, limit = DEFAULT_CONVERSATION_LIMIT): Promise<ConversationSummaryRow[]> {
  return db.conversations.orderBy('_sort').reverse().limit(limit).toArray();
}

export function getConversation(db: AppDb, conversationKey: string): Promise<ConversationSummaryRow | undefined> {
  return db.conversations.get(conversationKey);
}

/** Sum of unread counts over the inbox (the nav badge). */
export async function countUnreadMessages(db: AppDb, limit = DEFAULT_CONVERSATION_LIMIT): Promise<number> {
  const conversations = await listConversations(db, limit);
  return conversations.reduce((total, conversation) => total + conversation.unread_count, 0);
}
