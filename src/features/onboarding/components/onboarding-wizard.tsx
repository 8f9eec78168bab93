import { useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { localKeys } from '../../../config/storage-keys.ts';
import { GUEST_ONBOARDING_STEPS } from '../../../domain/constants.ts';
import { COMPLETE_ONBOARDING_FAILED, GUEST_ONBOARDING_COMPLETE } from '../../../domain/messages.ts';
import { isGuestOnboardingStepValid } from '../../../domain/schemas/guest-onboarding.ts';
import { safeRedirectPath } from '../../../domain/sign-in-routing.ts';
import { logger } from '../../../lib/logger.ts';
import { useSessionStore } from '../../../stores/session-store.ts';
import { toast } from '../../../ui/toast/toast-queue.ts';
import { completeOnboarding, saveOnboardingProgress, type OnboardingPatch } from '../data/onboarding-profile.ts';
import { progressPatch, type OnboardingDraft } from '../onboarding-draft.ts';
import { profilePhotoSrc } from '../../../hooks/profile-photo-src.ts';
import { usePhotoUpload } from '../use-photo-upload.ts';
import { AboutStep } from './about-step.tsx';
import { InterestsStep } from './interests-step.tsx';
import { PhotoStep } from './photo-step.tsx';
import { PreviewStep } from './preview-step.tsx';
import { PrivacyStep } from './privacy-step.tsx';
import { TimezoneStep } from './timezone-step.tsx';
import { WizardLayout, type WizardStepText } from './wizard-layout.tsx';

const stepTexts: Record<number, WizardStepText> = {
  1: { title: 'Add a Profile Photo', description: 'Hosts and housemates like to see who they will be living with.' },
  2: { title: 'Tell Us About Yourself', description: 'What you do and a little about you.' },
  3: { title: 'Work Timezone', description: 'Which hours do you usually keep?' },
  4: { title: 'Your Interests', description: `Pick up to 6 to find like-minded housemates.` },
  5: { title: 'Privacy Settings', description: 'Choose who can see you during your stays.' },
  6: { title: 'Profile Complete!', description: 'Everything is set. Check your profile before you go.' },
};

export interface OnboardingWizardProps {
  userId: string;
  name: string;
  initialDraft: OnboardingDraft;
  initialStep: number;
  /** the stored fields the draft was filled from: saves send only what differs (docs/decisions/profile-writes-and-conflicts.md) */
  base: OnboardingPatch;
}

/** Guest onboarding, 6 steps (docs/product.md §2, §4): each Continue saves the accumulated data, then advances. */
export function OnboardingWizard({ userId, name, initialDraft, initialStep, base }: OnboardingWizardProps) {
  const [draft, setDraft] = useState(initialDraft);
  const [step, setStep] = useState(initialStep);
  const [photoVersion, setPhotoVersion] = useState(() => Date.now());
  const [isSaving, setSaving] = useState(false);
  const [isFinishing, setFinishing] = useState(false);
  const [, navigate] = useLocation();
  const bumpProfileRevision = useSessionStore((s) => s.bumpProfileRevision);
  const upload = usePhotoUpload(userId);
  const baseRef = useRef(base);

  const update = (patch: Partial<OnboardingDraft>) => setDraft((current) => ({ ...current, ...patch }));
  const canContinue = isGuestOnboardingStepValid(step, { ...draft, interests: [...draft.interests] }) && !upload.isUploading;
  const photoSrc = profilePhotoSrc(draft.profile_photo, photoVersion);

  async function handleContinue() {
    if (!canContinue) return;
    setSaving(true);
    try {
      baseRef.current = (await saveOnboardingProgress(baseRef.current, progressPatch(draft, step))).base;
      bumpProfileRevision();
    } catch (error) {
      // docs/product.md §8: progress-save failures are only logged; Finish saves everything again.
      logger.warn('Saving onboarding progress failed', error);
    } finally {
      setSaving(false);
    }
    setStep(step + 1);
  }

  async function handleFinish() {
    setFinishing(true);
    try {
      baseRef.current = (await completeOnboarding(baseRef.current, progressPatch(draft, GUEST_ONBOARDING_STEPS))).base;
    } catch (error) {
      logger.warn('Completing onboarding failed', error);
      toast.error(COMPLETE_ONBOARDING_FAILED.title, COMPLETE_ONBOARDING_FAILED.description);
      setFinishing(false);
      return;
    }
    bumpProfileRevision();
    toast.success(GUEST_ONBOARDING_COMPLETE.title, GUEST_ONBOARDING_COMPLETE.description);
    const redirect = safeRedirectPath(localStorage.getItem(localKeys.postOnboardingRedirect));
    localStorage.removeItem(localKeys.postOnboardingRedirect);
    navigate(redirect ?? '/dashboard', { replace: true });
  }

  return (
    <WizardLayout
      progressLabel="Profile setup"
      step={step}
      stepCount={GUEST_ONBOARDING_STEPS}
      stepTexts={stepTexts}
      isBusy={isSaving || isFinishing}
      onBack={() => setStep(step - 1)}
      next={{ label: 'Continue', onPress: handleContinue, isDisabled: !canContinue, isPending: isSaving }}
      finish={{ label: 'Finish & Go to Dashboard', onPress: handleFinish, isPending: isFinishing }}
    >
      {step === 1 ? (
        <PhotoStep
          name={name}
          photoSrc={photoSrc}
          hasPhoto={Boolean(draft.profile_photo)}
          upload={upload}
          onUploaded={(url) => {
            update({ profile_photo: url });
            setPhotoVersion(Date.now());
          }}
        />
      ) : null}
      {step === 2 ? <AboutStep profession={draft.profession} bio={draft.bio} onChange={update} /> : null}
      {step === 3 ? <TimezoneStep timezone={draft.work_timezone} onChange={(work_timezone) => update({ work_timezone })} /> : null}
      {step === 4 ? <InterestsStep interests={draft.interests} onChange={(interests) => update({ interests })} /> : null}
      {step === 5 ? (
        <PrivacyStep showInWhosStaying={draft.show_in_whos_staying} onChange={(show_in_whos_staying) => update({ show_in_whos_staying })} />
      ) : null}
      {step === 6 ? <PreviewStep name={name} photoSrc={photoSrc} draft={draft} /> : null}
    </WizardLayout>
  );
}
