import { useEffect, useState, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { logger } from '../../lib/logger';
import { useSessionStore } from '../../stores/session-store';
import { Button } from '../../ui/button/button';
import { Card } from '../../ui/card/card';
import { Page } from '../../ui/page/page';
import { Text } from '../../ui/typography/typography';
import * as styles from './components/onboarding.css.ts';
import { loadOnboardingAccount, type OnboardingAccount } from './data/onboarding-profile';

type Load = { state: 'loading' } | { state: 'failed' } | { state: 'ready'; account: OnboardingAccount };

export interface OnboardingFrameProps {
  title: string;
  subtitle: string;
  /** Where this user belongs instead of this onboarding, if anywhere (SPEC §4, §6); a stable module-level rule. */
  redirectFor: (account: OnboardingAccount) => string | null;
  /** The wizard, once the account is loaded and the user belongs here. */
  children: (account: OnboardingAccount, userId: string) => ReactNode;
}

/** Both onboardings: load the account, send users who don't belong on, show loading and retry states. */
export function OnboardingFrame({ title, subtitle, redirectFor, children }: OnboardingFrameProps) {
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
  }, [userId, attempt, navigate, redirectFor]);

  return (
    <Page title={title} subtitle={subtitle} isNarrow>
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
        children(load.account, userId)
      )}
    </Page>
  );
}
