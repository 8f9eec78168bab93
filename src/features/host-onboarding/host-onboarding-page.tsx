import { Page } from '../../ui/page/page';

/** Host onboarding, 4 steps (SPEC §2); built by the host-journey issue. */
export default function HostOnboardingPage() {
  return <Page title="Become a Host" subtitle="Set up your host profile in four steps." />;
}
