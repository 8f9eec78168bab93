import { PushOptInOffer } from '../../../hooks/push-opt-in-offer.tsx';
import type { ConversationSummaryRow } from '../../../db/tables.ts';
import { UNKNOWN_USER } from '../../../domain/messages.ts';
import { chooseDirectType, conversationKeyOf, type ChatTarget } from '../chat-target.ts';
import { otherPartyRole, roleLabel, type PartyRole } from '../conversation-tabs.ts';
import * as styles from '../messages-page.css.ts';
import { photoSrc } from '../photo-src.ts';
import { readPoint } from '../read-marker.ts';
import { queueMessage } from '../send-message.ts';
import { useChatMessages } from '../use-first-reads.ts';
import { useMarkRead } from '../use-mark-read.ts';
import { usePeople } from '../use-people.ts';
import { useUserRole } from '../use-user-role.ts';
import { ChatHeader } from './chat-header.tsx';
import { MessageComposer } from './message-composer.tsx';
import { MessageLog } from './message-log.tsx';

export interface DirectChatProps {
  target: Extract<ChatTarget, { kind: 'direct' }>;
  summary: ConversationSummaryRow | null | undefined;
  myId: string;
  myRole: PartyRole;
  className?: string;
}

/**
 * A one-to-one chat. An existing conversation takes its name and type from the inbox; a new one
 * (`?conversation=` with someone never written to) looks up the person's public profile and role.
 */
export function DirectChat({ target, summary, myId, myRole, className }: DirectChatProps) {
  const key = conversationKeyOf(target);
  const messages = useChatMessages(target, summary, myId);
  const people = usePeople([target.userId]);
  const profile = people.byId.get(target.userId);
  const isNew = summary === null;
  const theirRole = useUserRole(isNew && !target.requestedType ? target.userId : null);
  const type = chooseDirectType({ existing: summary?.conversation_type ?? null, requested: target.requestedType, myRole, theirRole });

  useMarkRead(target, messages ? readPoint(key, summary, messages, myId) : null);

  const name = summary?.other_user_name.trim() || profile?.name.trim() || (people.isSettled ? UNKNOWN_USER : '');
  const photo = photoSrc(summary?.other_user_photo ?? profile?.profile_photo);

  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-label={name ? `Chat with ${name}` : 'Chat'}>
      <ChatHeader name={name} photo={photo} detail={roleLabel(otherPartyRole(type, myRole))} />
      <MessageLog messages={messages} myId={myId} senderNameOf={null} />
      <PushOptInOffer className={styles.notificationOffer} when={messages?.some((message) => message.sender_id === myId) ?? false} text={`Get notified when ${name || 'they'} ${name ? 'replies' : 'reply'}`} />
      <MessageComposer onSend={(text) => queueMessage({ kind: 'direct', userId: target.userId, type }, text)} />
    </section>
  );
}
