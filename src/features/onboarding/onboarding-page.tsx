import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { logger } from '../../lib/logger';
import { useSessionStore } from '../../stores/session-store';
import { Button } from '../../ui/button/button';
import { Card } from '../../ui/card/card';
import { Page } from '../../ui/page/page';
import { Text } from '../../ui/typography/typography';
import { OnboardingWizard } from './components/onboarding-wizard';
import * as styles from './components/onboarding.css.ts';
import { loadOnboardingAccount, type OnboardingAccount } from './data/onboarding-profile';
import { draftFromProfile, resumeStep } from './onboarding-draft';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; account: OnboardingAccount };

/** Where this user belongs instead of guest onboarding, if anywhere (SPEC §4, §6). */
function redirectFor(account: OnboardingAccount): string | null {
  if (account.profile?.onboarding_complete) return '/dashboard';
  if (account.role === 'host') return '/host-onboarding';
  return null;
}

/** Guest onboarding (SPEC §2): signed-in guests who have not finished it; everyone else is sent on. */
export default function OnboardingPage() {
  const userId = useSessionStore((s) => s.userId);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    setLoad({ state: 'loading' });
    loadOnboardingAccount(userId)
      .then((account) => {
        if (!isCurrent) return;
        const redirect = redirectFor(account);
        if (redirect) navigate(redirect, { replace: true });
        else setLoad({ state: 'ready', account });
      })
      .catch((error: unknown) => {
        logger.warn('Loading the profile for onboarding failed', error);
        if (isCurrent) setLoad({ state: 'failed' });
      });
    return () => {
      isCurrent = false;
    };
  }, [userId, attempt, navigate]);

  return (
    <Page title="Welcome! Let's set up your profile" subtitle="A few quick steps so hosts and housemates know who you are." isNarrow>
      {load.state === 'loading' || !userId ? (
        <p className={styles.status} role="status">
          Loading your profile...
        </p>
      ) : load.state === 'failed' ? (
        <Card padding="md" className={styles.wizard}>
          <Text>We couldn't load your profile. Check your connection and try again.</Text>
          <Button onPress={() => setAttempt((n) => n + 1)}>Try again</Button>
        </Card>
      ) : (
        <OnboardingWizard
          userId={userId}
          name={load.account.profile?.name ?? 'User'}
          initialDraft={draftFromProfile(load.account.profile)}
          initialStep={resumeStep(load.account.profile)}
        />
      )}
    </Page>
  );
}
