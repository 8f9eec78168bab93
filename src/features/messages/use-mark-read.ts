import { useEffect, useRef } from 'react';
import { logger } from '../../lib/logger.ts';
import { markConversationRead } from '../../sync/commands/message-mark-read.ts';
import { runCommand } from '../../sync/local-first-session.ts';
import type { ChatTarget } from './chat-target.ts';

/**
 * Opening a conversation marks it read (message.markRead: applied locally at once, sent when
 * online). Runs again only when `marker` changes, i.e. when something new is unread.
 */
export function useMarkRead(target: ChatTarget | null, marker: string | null): void {
  const lastMarker = useRef<string | null>(null);
  useEffect(() => {
    if (!target || !marker || marker === lastMarker.current) return;
    lastMarker.current = marker;
    const args = target.kind === 'house' ? { propertyId: target.propertyId } : { otherUserId: target.userId };
    runCommand(markConversationRead, args).catch((error: unknown) => logger.warn('Marking the conversation read failed', error));
  }, [target, marker]);
}
