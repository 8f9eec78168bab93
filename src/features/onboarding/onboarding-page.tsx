import { Page } from '../../ui/page/page';

/** Guest onboarding, 6 steps (SPEC §2); built by the guest-journey issue. */
export default function OnboardingPage() {
  return <Page title="Welcome! Let's set up your profile" subtitle="A few steps so hosts and housemates know who you are." />;
}
