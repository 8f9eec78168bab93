import { useMemo } from 'react';
import { PushOptInOffer } from '../../../hooks/push-opt-in-offer.tsx';
import { useProperty } from '../../../db/hooks/use-properties.ts';
import type { ConversationSummaryRow } from '../../../db/tables.ts';
import { UNKNOWN_USER } from '../../../domain/messages.ts';
import { conversationKeyOf, type ChatTarget } from '../chat-target.ts';
import * as styles from '../messages-page.css.ts';
import { photoSrc } from '../photo-src.ts';
import { readPoint } from '../read-marker.ts';
import { queueMessage } from '../send-message.ts';
import { useChatMessages } from '../use-first-reads.ts';
import { useMarkRead } from '../use-mark-read.ts';
import { usePeople } from '../use-people.ts';
import { ChatHeader } from './chat-header.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageLog } from './message-log.tsx';

export interface HouseChatProps {
  target: Extract<ChatTarget, { kind: 'house' }>;
  summary: ConversationSummaryRow | null | undefined;
  myId: string;
  className?: string;
}

/**
 * The group chat of one property (docs/architecture.md §1): its host and the guests staying now or within 14
 * days. The header lists the members this device knows: the host and everyone who has written.
 */
export function HouseChat({ target, summary, myId, className }: HouseChatProps) {
  const key = conversationKeyOf(target);
  const messages = useChatMessages(target, summary, myId);
  const property = useProperty(target.propertyId);
  const hostId = property?.host_id ?? null;

  const memberIds = useMemo(() => {
    const ids = new Set<string>();
    if (hostId) ids.add(hostId);
    for (const message of messages ?? []) ids.add(message.sender_id);
    ids.add(myId);
    return [...ids];
  }, [messages, hostId, myId]);
  const people = usePeople(memberIds);

  useMarkRead(target, messages ? readPoint(key, summary, messages, myId) : null);

  const nameOf = (id: string) => (id === myId ? 'You' : people.byId.get(id)?.name.trim() || UNKNOWN_USER);
  const members = memberIds
    .filter((id) => id !== myId)
    .map((id) => (id === hostId ? `${nameOf(id)} (host)` : nameOf(id)))
    .concat('You');
  const name = summary?.other_user_name.trim() || property?.name || 'House chat';

  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-label={`${name} house chat`}>
      <ChatHeader name={name} photo={photoSrc(summary?.other_user_photo ?? property?.photos[0])} detail={`House chat · ${members.join(', ')}`} />
      <MessageLog messages={messages} myId={myId} senderNameOf={nameOf} />
      <PushOptInOffer className={styles.notificationOffer} when={messages?.some((message) => message.sender_id === myId) ?? false} text={`Get notified about new messages in ${name}`} />
      <MessageComposer onSend={(text) => queueMessage(target, text)} />
    </section>
  );
}
