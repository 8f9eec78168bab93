import type { ConversationSummaryRow } from '../../../db/tables.ts';
import { initials } from '../../../domain/initials.ts';
import { UNKNOWN_USER } from '../../../domain/messages.ts';
import { Avatar } from '../../../ui/avatar/avatar.tsx';
import { Badge } from '../../../ui/badge/badge.tsx';
import { useClientNavigation } from '../../../ui/link/link-navigation.tsx';
import { chatHref } from '../chat-target.ts';
import { formatConversationDate } from '../message-dates.ts';
import * as styles from '../messages-page.css.ts';
import { photoSrc } from '../photo-src.ts';

export function conversationName(summary: ConversationSummaryRow): string {
  return summary.other_user_name.trim() || UNKNOWN_USER;
}

export function summaryHref(summary: ConversationSummaryRow): string {
  return summary.conversation_type === 'house' && summary.property_id
    ? chatHref({ kind: 'house', propertyId: summary.property_id })
    : chatHref({ kind: 'direct', userId: summary.other_user_id ?? '' });
}

/** One inbox row (docs/product.md §2): avatar, name, last message, month-day date, unread badge above 0. */
export function ConversationRow({ summary, isSelected, myId }: { summary: ConversationSummaryRow; isSelected: boolean; myId: string }) {
  const name = conversationName(summary);
  const isHouse = summary.conversation_type === 'house';
  const preview = summary.last_message === null ? 'No messages yet' : `${summary.last_message_sender_id === myId ? 'You: ' : ''}${summary.last_message}`;
  const unread = summary.unread_count;
  const href = summaryHref(summary);
  const navigateOnClick = useClientNavigation(href, undefined);
  return (
    <li>
      <a href={href} onClick={navigateOnClick} className={styles.row} aria-current={isSelected ? 'page' : undefined}>
        <Avatar src={photoSrc(summary.other_user_photo)} alt={name} initials={initials(name)} />
        <span className={styles.rowMain}>
          <span className={styles.rowName}>{isHouse ? `${name} · House chat` : name}</span>
          <span className={styles.rowPreview}>{preview}</span>
        </span>
        <span className={styles.rowMeta}>
          {summary.last_message_time ? <time className={styles.rowDate} dateTime={summary.last_message_time}>{formatConversationDate(summary.last_message_time)}</time> : null}
          {unread > 0 ? (
            <Badge variant="solid" aria-label={`${unread} unread`}>
              {unread}
            </Badge>
          ) : null}
        </span>
      </a>
    </li>
  );
}
