import type { MessageRow } from '../../../db/tables.ts';
import { formatMessageTime } from '../message-dates.ts';
import * as styles from '../messages-page.css.ts';

export interface MessageBubbleProps {
  message: MessageRow;
  isOwn: boolean;
  /** shown above others' messages in a house chat */
  senderName: string | null;
  now: Date;
  onRetry(id: string): void;
  onDelete(id: string): void;
}

function ClockGlyph() {
  return (
    <svg width="12" height="12" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" aria-hidden="true" focusable="false">
      <circle cx="12" cy="12" r="9" />
      <path d="M12 7v5l3 2" />
    </svg>
  );
}

/**
 * One message: its text as plain text (React escapes it, never HTML), its time, and for the user's
 * own unsent messages the outbox state: "Sending…" while queued, "Not sent · Retry · Delete" on failure.
 */
export function MessageBubble({ message, isOwn, senderName, now, onRetry, onDelete }: MessageBubbleProps) {
  const isPending = message._status === 'pending';
  const isFailed = message._status === 'failed';
  const time = formatMessageTime(message.created_at, now);
  return (
    <div className={[styles.bubbleRow, isOwn ? styles.ownRow : ''].join(' ')} data-message-id={message.id} data-status={message._status ?? 'sent'}>
      {senderName ? <span className={styles.senderName}>{senderName}</span> : null}
      <p className={[styles.bubble, isOwn ? styles.ownBubble : '', isPending ? styles.pendingBubble : '', isFailed ? styles.failedBubble : ''].join(' ')}>{message.text}</p>
      {isFailed ? (
        <span className={[styles.bubbleMeta, styles.failedMeta].join(' ')} role="alert" title={message._error}>
          Not sent ·{' '}
          <button type="button" className={styles.metaAction} onClick={() => onRetry(message.id)}>
            Retry
          </button>{' '}
          ·{' '}
          <button type="button" className={styles.metaAction} onClick={() => onDelete(message.id)}>
            Delete
          </button>
        </span>
      ) : (
        <span className={styles.bubbleMeta}>
          <time dateTime={message.created_at}>{time}</time>
          {isPending ? (
            <>
              {' · '}
              <ClockGlyph />
              <span>Sending…</span>
            </>
          ) : null}
        </span>
      )}
    </div>
  );
}
