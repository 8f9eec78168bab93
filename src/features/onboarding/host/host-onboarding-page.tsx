import { onboardingBase, type OnboardingAccount } from '../data/onboarding-profile.ts';
import { OnboardingFrame } from '../onboarding-frame.tsx';
import { HostOnboardingWizard } from './components/host-onboarding-wizard.tsx';
import { hostDraftFromProfile, hostResumeStep } from './host-draft.ts';

/** Host onboarding is only for hosts who have not finished it; everyone else goes to /dashboard (docs/product.md §4, §6). */
function redirectFor(account: OnboardingAccount): string | null {
  return account.role === 'host' && !account.profile?.onboarding_complete ? null : '/dashboard';
}

export default function HostOnboardingPage() {
  return (
    <OnboardingFrame title="Become a Host" subtitle="Set up your host profile in four steps." redirectFor={redirectFor}>
      {(account, userId) => (
        <HostOnboardingWizard userId={userId} name={account.profile?.name ?? 'User'} initialDraft={hostDraftFromProfile(account.profile)} initialStep={hostResumeStep(account.profile)} base={onboardingBase(account.profile)} />
      )}
    </OnboardingFrame>
  );
}
