// When the open conversation needs marking read, and up to where. The read point is the newest
// message from someone else the page shows (its server created_at, id as a tiebreak), so a late
// replay never marks what arrived after the user looked (docs/decisions/mark-read-up-to.md). The
// marker changes only when that point moves, never with the unread count: one chat open sends one
// message.markRead, and a rolled-back write whose unread count comes back does not loop.
import type { ConversationSummaryRow, MessageRow } from '../../db/tables.ts';
import { compareTimestamps } from '../../sync/pull.ts';

export interface ReadPoint {
  /** `conversationKey|upTo|id`: what the page compares to send once per point */
  marker: string;
  /** created_at of the newest message seen, exactly as the server wrote it */
  upTo: string;
}

export function readPoint(conversationKey: string, summary: ConversationSummaryRow | null | undefined, messages: readonly MessageRow[], me: string): ReadPoint | null {
  const unreadCount = summary?.unread_count ?? 0;
  let hasUnreadMessage = false;
  let newestSeen: MessageRow | null = null;
  for (const message of messages) {
    // The user's own messages may still carry the device's clock; only the others' are the server's.
    if (message.sender_id === me || message.deleted_at !== null) continue;
    if (message.receiver_id === me && message.read_at === null) hasUnreadMessage = true;
    if (!newestSeen || compareTimestamps(message.created_at, newestSeen.created_at) > 0 || (message.created_at === newestSeen.created_at && message.id > newestSeen.id)) newestSeen = message;
  }
  if (unreadCount === 0 && !hasUnreadMessage) return null;
  if (newestSeen) return { marker: `${conversationKey}|${newestSeen.created_at}|${newestSeen.id}`, upTo: newestSeen.created_at };
  // Counted by the inbox but not on this device yet: the inbox's last message, if it was theirs.
  const last = summary?.last_message_time ?? null;
  if (!last || summary?.last_message_sender_id === me) return null;
  return { marker: `${conversationKey}|${last}|`, upTo: last };
}

export function readMarker(conversationKey: string, summary: ConversationSummaryRow | null | undefined, messages: readonly MessageRow[], me: string): string | null {
  return readPoint(conversationKey, summary, messages, me)?.marker ?? null;
}
