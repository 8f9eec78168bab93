import { Page } from '../../ui/page/page';

/** Dashboard (SPEC §2); host and guest views arrive with their journey issues. */
export default function DashboardPage() {
  return <Page title="Dashboard" subtitle="Your stays, listings and requests in one place." />;
}
