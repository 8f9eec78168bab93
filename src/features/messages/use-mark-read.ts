import { useEffect, useRef } from 'react';
import { logger } from '../../lib/logger.ts';
import { markConversationRead } from '../../sync/commands/message-mark-read.ts';
import { runCommand } from '../../sync/session-actions.ts';
import type { ChatTarget } from './chat-target.ts';
import type { ReadPoint } from './read-marker.ts';

/**
 * Opening a conversation marks it read up to the newest message shown (message.markRead@2: applied
 * locally at once, sent when online; queued mark-reads of one conversation collapse into one entry).
 * Runs again only when the read point moves, i.e. when something newer has been shown.
 */
export function useMarkRead(target: ChatTarget | null, point: ReadPoint | null): void {
  const lastMarker = useRef<string | null>(null);
  const marker = point?.marker ?? null;
  const upTo = point?.upTo ?? null;
  useEffect(() => {
    if (!target || !marker || !upTo || marker === lastMarker.current) return;
    lastMarker.current = marker;
    const args = target.kind === 'house' ? { propertyId: target.propertyId, upTo } : { otherUserId: target.userId, upTo };
    runCommand(markConversationRead, args).catch((error: unknown) => logger.warn('Marking the conversation read failed', error));
  }, [target, marker, upTo]);
}
