// What the Messages page shows while the local mirror is still filling (docs/decisions/inbox-before-mirror.md):
// the inbox the server answers while the mirror holds none, and an open chat's latest page while the mirror
// lacks its latest message. Offline, or when a read fails, the page shows the mirror as before.
import type { ConversationSummaryRow, MessageRow } from '../../db/tables.ts';
import { useConversationMessages } from '../../db/hooks/use-messages.ts';
import { useRemoteLoad } from '../../hooks/use-remote-load.ts';
import { logger } from '../../lib/logger.ts';
import { fetchChatLatestPage, fetchConversationSummaries } from '../../remote/inbox-first-read.ts';
import { hasLatestMessage, mergeChatRows, toConversationSummaries, toMessageRows } from '../../sync/pull-ahead-rows.ts';
import { cacheServerRows } from '../../sync/session-actions.ts';
import { conversationKeyOf, type ChatTarget } from './chat-target.ts';

/**
 * The inbox to list: the mirror's, or, while the mirror holds no conversation (a first visit), the server's
 * summaries (one read). Undefined while either is still on its way.
 */
export function useInbox(mirror: readonly ConversationSummaryRow[] | undefined, userId: string): readonly ConversationSummaryRow[] | undefined {
  const isMirrorEmpty = mirror !== undefined && mirror.length === 0 && userId !== '';
  const read = useRemoteLoad(isMirrorEmpty ? async () => toConversationSummaries(await fetchConversationSummaries(), userId) : null, [isMirrorEmpty, userId], 'Inbox read failed');
  if (!isMirrorEmpty) return mirror;
  if (read.status === 'ready') return read.data.length ? read.data : mirror;
  return read.status === 'failed' ? mirror : undefined;
}

/**
 * A chat's messages, oldest first: the mirror's, with the chat's latest page read from the server (one read,
 * also kept in the mirror) while the mirror lacks the inbox's last message of it.
 */
export function useChatMessages(target: ChatTarget, summary: ConversationSummaryRow | null | undefined, myId: string): readonly MessageRow[] | undefined {
  const key = conversationKeyOf(target);
  const mirror = useConversationMessages(key);
  const needsPage = mirror !== undefined && !hasLatestMessage(mirror, summary);
  const page = useRemoteLoad(
    needsPage
      ? async () => {
          const records = await fetchChatLatestPage(target, myId);
          cacheServerRows('messages', records).catch((error: unknown) => logger.warn('Chat page not kept', error));
          return toMessageRows(records, myId);
        }
      : null,
    [needsPage, key, myId],
    'Chat page read failed',
  );
  return mergeChatRows(mirror, page.status === 'ready' ? page.data : null);
}
