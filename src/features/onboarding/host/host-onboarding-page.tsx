import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { logger } from '../../../lib/logger';
import { useSessionStore } from '../../../stores/session-store';
import { Button } from '../../../ui/button/button';
import { Card } from '../../../ui/card/card';
import { Page } from '../../../ui/page/page';
import { Text } from '../../../ui/typography/typography';
import { HostOnboardingWizard } from './components/host-onboarding-wizard';
import * as styles from '../components/onboarding.css.ts';
import { loadHostAccount, type HostAccount } from './data/host-profile';
import { hostDraftFromProfile, hostResumeStep } from './host-draft';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; account: HostAccount };

/** Host onboarding is only for hosts who have not finished it; everyone else goes to /dashboard (SPEC §4, §6). */
function isForThisUser(account: HostAccount): boolean {
  return account.role === 'host' && !account.profile?.onboarding_complete;
}

export default function HostOnboardingPage() {
  const userId = useSessionStore((s) => s.userId);
  const [load, setLoad] = useState<Load>({ state: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [, navigate] = useLocation();

  useEffect(() => {
    if (!userId) return;
    let isCurrent = true;
    setLoad({ state: 'loading' });
    loadHostAccount(userId)
      .then((account) => {
        if (!isCurrent) return;
        if (isForThisUser(account)) setLoad({ state: 'ready', account });
        else navigate('/dashboard', { replace: true });
      })
      .catch((error: unknown) => {
        logger.warn('Loading the profile for host onboarding failed', error);
        if (isCurrent) setLoad({ state: 'failed' });
      });
    return () => {
      isCurrent = false;
    };
  }, [userId, attempt, navigate]);

  return (
    <Page title="Become a Host" subtitle="Set up your host profile in four steps." isNarrow>
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
        <HostOnboardingWizard
          userId={userId}
          name={load.account.profile?.name ?? 'User'}
          initialDraft={hostDraftFromProfile(load.account.profile)}
          initialStep={hostResumeStep(load.account.profile)}
        />
      )}
    </Page>
  );
}
