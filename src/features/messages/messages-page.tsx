import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useSearch } from 'wouter';
import { useConversation, useConversations } from '../../db/hooks/use-messages.ts';
import { NO_CONVERSATION_SELECTED } from '../../domain/messages.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { LinkButton } from '../../ui/link/link.tsx';
import { Page } from '../../ui/page/page.tsx';
import { Spinner } from '../../ui/spinner/spinner.tsx';
import { conversationKeyOf, parseChatTarget, type ChatTarget } from './chat-target.ts';
import { DEFAULT_TAB, tabForConversation, type ConversationTab, type PartyRole } from './conversation-tabs.ts';
import { ChatPlaceholder } from './components/chat-placeholder.tsx';
import { ConversationList } from './components/conversation-list.tsx';
import { DirectChat } from './components/direct-chat.tsx';
import { HouseChat } from './components/house-chat.tsx';
import * as styles from './messages-page.css.ts';
import { useInbox } from './use-first-reads.ts';
import { useHouseAccess, type HouseAccess } from './use-house-access.ts';
import { useOwnRole } from './use-own-role.ts';

const NOT_A_MEMBER = "You're not part of this house chat";
const NOT_A_MEMBER_TEXT = 'Only the host and guests with a confirmed stay at this property (now, or starting within 14 days) can read and write here.';

function HouseChatGate({ access, children }: { access: HouseAccess; children: ReactNode }) {
  if (access === 'member') return <>{children}</>;
  if (access === 'checking') {
    return (
      <ChatPlaceholder title="Opening house chat" className={styles.chatPane}>
        <Spinner label="Checking house chat membership" />
      </ChatPlaceholder>
    );
  }
  const isOffline = access === 'unknown-offline';
  return (
    <ChatPlaceholder
      title={isOffline ? 'House chat unavailable offline' : NOT_A_MEMBER}
      text={isOffline ? 'Connect to the internet to open this house chat for the first time.' : NOT_A_MEMBER_TEXT}
      className={styles.chatPane}
    >
      <LinkButton href="/messages" variant="outline" size="sm">
        Back to conversations
      </LinkButton>
    </ChatPlaceholder>
  );
}

/** The tab a linked conversation sits in, so opening `?conversation=` shows it selected in the list. */
function tabOfTarget(target: ChatTarget, existingType: Parameters<typeof tabForConversation>[0] | null, myRole: PartyRole): ConversationTab {
  if (target.kind === 'house') return 'guests';
  return tabForConversation(existingType ?? target.requestedType ?? 'host_guest', myRole);
}

/**
 * docs/product.md §2 Messages: the inbox (left) and the open chat (right), stacked on phones. Everything reads
 * from the local mirror (realtime rows land there), so the page works offline; sends and read marks
 * are sync commands.
 */
export default function MessagesPage() {
  const userId = useSessionStore((s) => s.userId) ?? '';
  const search = useSearch();
  const target = useMemo(() => parseChatTarget(search, userId), [search, userId]);
  const selectedKey = target ? conversationKeyOf(target) : null;
  const myRole = useOwnRole(userId);
  // The server's inbox while the mirror has none yet (a first visit): docs/decisions/inbox-before-mirror.md.
  const conversations = useInbox(useConversations(), userId);
  const mirrorSummary = useConversation(selectedKey);
  const summary = mirrorSummary === null ? (conversations?.find((row) => row.conversation_key === selectedKey) ?? null) : mirrorSummary;
  const houseAccess = useHouseAccess(target?.kind === 'house' ? target.propertyId : null, summary);

  const [tab, setTab] = useState<ConversationTab>(DEFAULT_TAB);
  const targetTab = target ? tabOfTarget(target, summary?.conversation_type ?? null, myRole) : null;
  useEffect(() => {
    if (targetTab) setTab(targetTab);
  }, [selectedKey, targetTab]);

  let chat: ReactNode;
  if (!target) {
    chat = <ChatPlaceholder title={NO_CONVERSATION_SELECTED.title} text={NO_CONVERSATION_SELECTED.description} className={styles.chatPane} />;
  } else if (target.kind === 'house') {
    chat = (
      <HouseChatGate access={houseAccess}>
        <HouseChat key={selectedKey} target={target} summary={summary} myId={userId} className={styles.chatPane} />
      </HouseChatGate>
    );
  } else {
    chat = <DirectChat key={selectedKey} target={target} summary={summary} myId={userId} myRole={myRole} className={styles.chatPane} />;
  }

  return (
    <Page title="Messages" subtitle="Connect with hosts and fellow digital nomads">
      <div className={styles.layout} data-view={target ? 'chat' : 'list'}>
        <ConversationList
          conversations={conversations}
          myRole={myRole}
          myId={userId}
          selectedKey={selectedKey}
          tab={tab}
          onTabChange={setTab}
          className={styles.listPane}
        />
        {chat}
      </div>
    </Page>
  );
}
