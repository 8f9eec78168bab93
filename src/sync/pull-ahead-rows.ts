// Server rows the Messages page shows before the pull has stored them (docs/decisions/inbox-before-mirror.md),
// in the mirror's shapes: the inbox's summaries (the pull stores the same, pullConversationSummaries) and a
// chat's latest page, merged with what the mirror already holds of that chat.
import { conversationKeyFor } from '../db/conversation-key.ts';
import type { ConversationSummaryRow, MessageRow, ServerRow } from '../db/tables.ts';
import type { ServerRecord } from '../remote/sync-port.ts';
import { isServerRecord, toLocalRow } from './table-shapes.ts';

/** get_conversation_summaries() records as inbox rows, keyed like messages, in the server's order (most recent first, as the mirror lists them). */
export function toConversationSummaries(records: readonly ServerRecord[] | null, userId: string): ConversationSummaryRow[] {
  return (records ?? []).map((record) => {
    const type = record.conversation_type as ConversationSummaryRow['conversation_type'];
    const otherUserId = (record.other_user_id as string | null) ?? null;
    const propertyId = (record.property_id as string | null) ?? null;
    const time = (record.last_message_time as string | null) ?? null;
    return {
      conversation_key: conversationKeyFor({ sender_id: otherUserId ?? '', receiver_id: userId, property_id: propertyId, conversation_type: type }, userId),
      other_user_id: otherUserId,
      other_user_name: String(record.other_user_name ?? ''),
      other_user_photo: (record.other_user_photo as string | null) ?? null,
      last_message: (record.last_message as string | null) ?? null,
      last_message_time: time,
      last_message_sender_id: (record.last_message_sender_id as string | null) ?? null,
      unread_count: Number(record.unread_count ?? 0),
      conversation_type: type,
      property_id: propertyId,
      _sort: time ?? '',
    };
  });
}

/** Orders messages as a thread shows them: oldest first, equal times by id. */
function compareMessages(a: MessageRow, b: MessageRow): number {
  const difference = Date.parse(a.created_at) - Date.parse(b.created_at);
  return difference || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);
}

/** A chat's latest page (message records) as mirror rows, live ones only (mergeChatRows orders them). */
export function toMessageRows(records: readonly ServerRecord[], userId: string): MessageRow[] {
  return records.filter((record) => isServerRecord(record) && !record.deleted_at).map((record) => toLocalRow('messages', record as ServerRecord & ServerRow, undefined, { userId }));
}

/** Whether the mirror's thread holds the inbox's last message of the chat (or something newer). */
export function hasLatestMessage(mirror: readonly MessageRow[], summary: ConversationSummaryRow | null | undefined): boolean {
  const last = summary?.last_message_time;
  if (!last) return true;
  const lastMs = Date.parse(last);
  return mirror.some((message) => Date.parse(message.created_at) >= lastMs);
}

/** The thread to show: the mirror's messages and the page's ones it lacks (the mirror's copy wins), oldest first. */
export function mergeChatRows(mirror: readonly MessageRow[] | undefined, page: readonly MessageRow[] | null): readonly MessageRow[] | undefined {
  if (!page?.length) return mirror;
  const byId = new Map(page.map((message) => [message.id, message]));
  for (const message of mirror ?? []) byId.set(message.id, message);
  return [...byId.values()].sort(compareMessages);
}
