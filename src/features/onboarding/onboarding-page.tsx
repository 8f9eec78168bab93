import { OnboardingWizard } from './components/onboarding-wizard.tsx';
import { onboardingBase, type OnboardingAccount } from './data/onboarding-profile.ts';
import { draftFromProfile, resumeStep } from './onboarding-draft.ts';
import { OnboardingFrame } from './onboarding-frame.tsx';

/** Where this user belongs instead of guest onboarding, if anywhere (docs/product.md §4, §6). */
function redirectFor(account: OnboardingAccount): string | null {
  if (account.profile?.onboarding_complete) return '/dashboard';
  if (account.role === 'host') return '/host-onboarding';
  return null;
}

/** Guest onboarding (docs/product.md §2): signed-in guests who have not finished it; everyone else is sent on. */
export default function OnboardingPage() {
  return (
    <OnboardingFrame title="Welcome! Let's set up your profile" subtitle="A few quick steps so hosts and housemates know who you are." redirectFor={redirectFor}>
      {(account, userId) => (
        <OnboardingWizard userId={userId} name={account.profile?.name ?? 'User'} initialDraft={draftFromProfile(account.profile)} initialStep={resumeStep(account.profile)} base={onboardingBase(account.profile)} />
      )}
    </OnboardingFrame>
  );
}
