import { useEffect, useRef, useState } from 'react';
import { useLocation } from 'wouter';
import { HOST_ONBOARDING_STEPS } from '../../../../domain/constants.ts';
import { COMPLETE_ONBOARDING_FAILED, HOST_ONBOARDING_COMPLETE } from '../../../../domain/messages.ts';
import { isHostOnboardingStepValid } from '../../../../domain/schemas/host-onboarding.ts';
import { logger } from '../../../../lib/logger.ts';
import { useSessionStore } from '../../../../stores/session-store.ts';
import { toast } from '../../../../ui/toast/toast-queue.ts';
import type { OnboardingPatch } from '../../data/onboarding-profile.ts';
import { completeHostOnboarding, saveHostProfile, type HostProfilePatch } from '../data/host-profile.ts';
import { hostAboutPatch, type HostDraft } from '../host-draft.ts';
import { profilePhotoSrc } from '../../../../hooks/profile-photo-src.ts';
import { usePhotoUpload } from '../../use-photo-upload.ts';
import { AboutStep } from '../../components/about-step.tsx';
import { PhotoStep } from '../../components/photo-step.tsx';
import { WizardLayout, type WizardStepText } from '../../components/wizard-layout.tsx';
import { HostPreviewStep } from './host-preview-step.tsx';
import { VisibilityStep } from './visibility-step.tsx';

// How the shared photo and about steps speak to hosts.
const hostTexts = {
  photoBlurb: 'Guests book with more confidence when they can see their host. Images up to 5 MB.',
  about: {
    professionPlaceholder: 'e.g. Architect, Surf instructor',
    bioLabel: 'Bio',
    bioPlaceholder: 'Tell guests about yourself, your villa and what makes a stay with you special.',
  },
};

const stepTexts: Record<number, WizardStepText> = {
  1: { title: 'Add a Profile Photo', description: 'Put a face to your listings.' },
  2: { title: 'About You', description: 'Your profession and a short bio for your guests.' },
  3: { title: 'Contact Preferences', description: 'Decide whether guests see your host profile.' },
  4: { title: "You're All Set!", description: "Here's how guests will meet you." },
};

/** Typing is saved this long after the last keystroke (and at once on Next or Finish). */
const typingSaveDelayMs = 500;

/** Host onboarding's "each change is saved immediately": failures are only logged (docs/product.md §8 progress saves). */
function useImmediateSave(base: OnboardingPatch) {
  const bumpProfileRevision = useSessionStore((s) => s.bumpProfileRevision);
  const pendingRef = useRef<HostProfilePatch | null>(null);
  const timerRef = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // What the steps were filled from, moved on by each save: only changed fields are sent.
  const baseRef = useRef(base);

  async function save(patch: HostProfilePatch): Promise<void> {
    try {
      baseRef.current = (await saveHostProfile(baseRef.current, patch)).base;
      bumpProfileRevision();
    } catch (error) {
      logger.warn('Saving host onboarding progress failed', error);
    }
  }

  async function flush(): Promise<void> {
    clearTimeout(timerRef.current);
    const pending = pendingRef.current;
    pendingRef.current = null;
    if (pending) await save(pending);
  }

  function saveSoon(patch: HostProfilePatch) {
    pendingRef.current = { ...pendingRef.current, ...patch };
    clearTimeout(timerRef.current);
    timerRef.current = setTimeout(() => void flush(), typingSaveDelayMs);
  }

  // Leaving the page mid-typing still stores what was typed.
  useEffect(
    () => () => {
      clearTimeout(timerRef.current);
      const pending = pendingRef.current;
      pendingRef.current = null;
      if (pending) saveHostProfile(baseRef.current, pending).catch((error: unknown) => logger.warn('Saving host onboarding progress failed', error));
    },
    [],
  );
  return { save, saveSoon, flush, base: () => baseRef.current };
}

export interface HostOnboardingWizardProps {
  userId: string;
  name: string;
  initialDraft: HostDraft;
  initialStep: number;
  /** the stored fields the draft was filled from */
  base: OnboardingPatch;
}

/** Host onboarding, 4 steps (docs/product.md §2, §4). Finish goes on to adding the first property. */
export function HostOnboardingWizard({ userId, name, initialDraft, initialStep, base }: HostOnboardingWizardProps) {
  const [draft, setDraft] = useState(initialDraft);
  const [step, setStep] = useState(initialStep);
  const [photoVersion, setPhotoVersion] = useState(() => Date.now());
  const [isMoving, setMoving] = useState(false);
  const [isFinishing, setFinishing] = useState(false);
  const [, navigate] = useLocation();
  const upload = usePhotoUpload(userId);
  const saver = useImmediateSave(base);

  const canGoNext = isHostOnboardingStepValid(step, draft) && !upload.isUploading;
  const photoSrc = profilePhotoSrc(draft.profile_photo, photoVersion);

  async function goTo(next: number) {
    setMoving(true);
    await saver.flush();
    setMoving(false);
    setStep(next);
  }

  function handleAboutChange(patch: { profession?: string; bio?: string }) {
    const next = { ...draft, ...patch };
    setDraft(next);
    saver.saveSoon(hostAboutPatch(next));
  }

  async function handleFinish() {
    setFinishing(true);
    await saver.flush();
    try {
      await completeHostOnboarding(saver.base());
    } catch (error) {
      // Only a failure to store it on this device lands here (the write itself is queued): no raw error text.
      logger.warn('Completing host onboarding failed', error);
      toast.error(COMPLETE_ONBOARDING_FAILED.title, COMPLETE_ONBOARDING_FAILED.description);
      setFinishing(false);
      return;
    }
    toast.success(HOST_ONBOARDING_COMPLETE.title, HOST_ONBOARDING_COMPLETE.description);
    // The button promises the first property, so Finish opens the property form (docs/product.md §4 says /dashboard).
    navigate('/property/new', { replace: true });
  }

  return (
    <WizardLayout
      progressLabel="Host profile"
      step={step}
      stepCount={HOST_ONBOARDING_STEPS}
      stepTexts={stepTexts}
      isBusy={isMoving || isFinishing}
      onBack={() => void goTo(step - 1)}
      next={{ label: 'Next', onPress: () => void goTo(step + 1), isDisabled: !canGoNext, isPending: isMoving }}
      finish={{ label: 'Finish & Add My First Property', onPress: handleFinish, isPending: isFinishing }}
    >
      {step === 1 ? (
        <PhotoStep
          blurb={hostTexts.photoBlurb}
          name={name}
          photoSrc={photoSrc}
          hasPhoto={Boolean(draft.profile_photo)}
          upload={upload}
          onUploaded={(url) => {
            setDraft((current) => ({ ...current, profile_photo: url }));
            setPhotoVersion(Date.now());
            void saver.save({ profile_photo: url });
          }}
        />
      ) : null}
      {step === 2 ? <AboutStep profession={draft.profession} bio={draft.bio} onChange={handleAboutChange} texts={hostTexts.about} /> : null}
      {step === 3 ? (
        <VisibilityStep
          isVisibleToGuests={draft.is_visible_to_guests}
          onChange={(is_visible_to_guests) => {
            setDraft((current) => ({ ...current, is_visible_to_guests }));
            void saver.save({ is_visible_to_guests });
          }}
        />
      ) : null}
      {step === 4 ? <HostPreviewStep name={name} photoSrc={photoSrc} draft={draft} /> : null}
    </WizardLayout>
  );
}
