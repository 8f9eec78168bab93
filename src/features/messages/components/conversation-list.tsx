import { useMemo } from 'react';
import type { ConversationSummaryRow } from '../../../db/tables.ts';
import { NO_CONVERSATIONS } from '../../../domain/messages.ts';
import { Skeleton, SkeletonGroup } from '../../../ui/skeleton/skeleton.tsx';
import { Tab, TabList, TabPanel, Tabs } from '../../../ui/tabs/tabs.tsx';
import { tabForConversation, type ConversationTab, type PartyRole } from '../conversation-tabs.ts';
import * as styles from '../messages-page.css.ts';
import { ConversationRow } from './conversation-row.tsx';

const TABS: readonly { id: ConversationTab; label: string }[] = [
  { id: 'guests', label: 'Guests' },
  { id: 'hosts', label: 'Hosts' },
];

function LoadingRows() {
  return (
    <SkeletonGroup label="Loading conversations">
      <ul className={styles.rows}>
        {[0, 1, 2].map((n) => (
          <li key={n} className={styles.row}>
            <Skeleton shape="circle" width="2.5rem" height="2.5rem" />
            <span className={styles.rowMain}>
              <Skeleton width="60%" />
              <Skeleton width="85%" />
            </span>
            <span />
          </li>
        ))}
      </ul>
    </SkeletonGroup>
  );
}

export interface ConversationListProps {
  conversations: readonly ConversationSummaryRow[] | undefined;
  myRole: PartyRole;
  myId: string;
  selectedKey: string | null;
  tab: ConversationTab;
  onTabChange(tab: ConversationTab): void;
  className?: string;
}

/** The left list of docs/product.md §2: "Conversations" with Guests and Hosts tabs (see conversation-tabs.ts). */
export function ConversationList({ conversations, myRole, myId, selectedKey, tab, onTabChange, className }: ConversationListProps) {
  const byTab = useMemo(() => {
    const groups: Record<ConversationTab, ConversationSummaryRow[]> = { guests: [], hosts: [] };
    for (const summary of conversations ?? []) groups[tabForConversation(summary.conversation_type, myRole)].push(summary);
    return groups;
  }, [conversations, myRole]);

  return (
    <section className={[styles.panel, className].filter(Boolean).join(' ')} aria-labelledby="conversations-title">
      <Tabs selectedKey={tab} onSelectionChange={(key) => onTabChange(key as ConversationTab)} className={styles.listTabs}>
        <div className={styles.listHeader}>
          <h2 id="conversations-title" className={styles.listTitle}>
            Conversations
          </h2>
          <TabList aria-label="Conversation groups">
            {TABS.map(({ id, label }) => {
              const unread = byTab[id].reduce((sum, summary) => sum + summary.unread_count, 0);
              return (
                <Tab key={id} id={id} aria-label={unread > 0 ? `${label}, ${unread} unread` : label}>
                  {label}
                </Tab>
              );
            })}
          </TabList>
        </div>
        {TABS.map(({ id }) => (
          <TabPanel key={id} id={id} className={styles.tabPanel}>
            {conversations === undefined ? (
              <LoadingRows />
            ) : byTab[id].length === 0 ? (
              <div className={styles.emptyState}>
                <p className={styles.emptyText}>{NO_CONVERSATIONS}</p>
              </div>
            ) : (
              <ul className={styles.rows}>
                {byTab[id].map((summary) => (
                  <ConversationRow key={summary.conversation_key} summary={summary} myId={myId} isSelected={summary.conversation_key === selectedKey} />
                ))}
              </ul>
            )}
          </TabPanel>
        ))}
      </Tabs>
    </section>
  );
}
