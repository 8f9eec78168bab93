// When the open conversation needs marking read. The marker changes whenever something new is
// unread, so the page sends message.markRead once per change (never in a loop, even if the write
// is rolled back and the unread count comes back).
import type { ConversationSummaryRow, MessageRow } from '../../db/tables.ts';

export function readMarker(conversationKey: string, summary: ConversationSummaryRow | null | undefined, messages: readonly MessageRow[], me: string): string | null {
  const unreadCount = summary?.unread_count ?? 0;
  let newestUnread: MessageRow | null = null;
  for (const message of messages) {
    if (message.receiver_id === me && message.read_at === null && message.deleted_at === null) newestUnread = message;
  }
  if (unreadCount === 0 && !newestUnread) return null;
  return `${conversationKey}|${unreadCount}|${newestUnread?.id ?? summary?.last_message_time ?? ''}`;
}
