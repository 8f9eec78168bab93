import { useEffect, useLayoutEffect, useRef } from 'react';
import type { MessageRow } from '../../../db/tables.ts';
import { NO_MESSAGES } from '../../../domain/messages.ts';
import { Spinner } from '../../../ui/spinner/spinner.tsx';
import * as styles from '../messages-page.css.ts';
import { deleteUnsentMessage, retryMessage } from '../send-message.ts';
import { MessageBubble } from './message-bubble.tsx';

export interface MessageLogProps {
  messages: readonly MessageRow[] | undefined;
  myId: string;
  /** group chats name the writer of every message that is not the user's */
  senderNameOf: ((senderId: string) => string) | null;
}

/** The thread, oldest first; keeps the newest message in view as messages arrive (docs/product.md §2). */
export function MessageLog({ messages, myId, senderNameOf }: MessageLogProps) {
  const logRef = useRef<HTMLDivElement>(null);
  const newest = messages?.[messages.length - 1];
  const newestKey = newest ? `${newest.id}|${newest._status ?? ''}|${messages?.length}` : '';

  // Follows the newest message while the reader is at the bottom; reading older ones is not disturbed by resizes.
  const isPinned = useRef(true);

  useLayoutEffect(() => {
    const log = logRef.current;
    if (!log) return;
    log.scrollTop = log.scrollHeight;
    isPinned.current = true;
  }, [newestKey]);

  useEffect(() => {
    const log = logRef.current;
    if (!log || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      if (isPinned.current) log.scrollTop = log.scrollHeight;
    });
    observer.observe(log);
    return () => observer.disconnect();
  }, []);

  function handleScroll() {
    const log = logRef.current;
    if (log) isPinned.current = log.scrollHeight - log.scrollTop - log.clientHeight < 24;
  }

  const now = new Date();
  return (
    <div ref={logRef} className={styles.messageLog} role="log" aria-label="Messages" aria-live="polite" tabIndex={0} onScroll={handleScroll}>
      {messages === undefined ? (
        <div className={styles.emptyState}>
          <Spinner label="Loading messages" />
        </div>
      ) : messages.length === 0 ? (
        <div className={styles.emptyState}>
          <p className={styles.emptyText}>{NO_MESSAGES}</p>
        </div>
      ) : (
        messages.map((message, index) => {
          const isOwn = message.sender_id === myId;
          const previous = messages[index - 1];
          // A writer's name heads each run of their messages in a house chat.
          const showName = senderNameOf !== null && !isOwn && previous?.sender_id !== message.sender_id;
          return (
            <MessageBubble
              key={message.id}
              message={message}
              isOwn={isOwn}
              senderName={showName ? senderNameOf(message.sender_id) : null}
              now={now}
              onRetry={retryMessage}
              onDelete={deleteUnsentMessage}
            />
          );
        })
      )}
    </div>
  );
}
