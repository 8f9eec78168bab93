import { Page } from '../../ui/page/page';

/** Inbox and chat (SPEC §2 Messages page); built by the messaging issue. */
export default function MessagesPage() {
  return <Page title="Messages" subtitle="Connect with hosts and fellow digital nomads" />;
}
