import { useEffect, useRef, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { useIsOnline } from '../../hooks/use-is-online.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { Card } from '../../ui/card/card.tsx';
import { Page } from '../../ui/page/page.tsx';
import { Text } from '../../ui/typography/typography.tsx';
import * as styles from './components/onboarding.css.ts';
import { useOnboardingAccount, type OnboardingAccount } from './data/onboarding-profile.ts';

export interface OnboardingFrameProps {
  title: string;
  subtitle: string;
  /** Where this user belongs instead of this onboarding, if anywhere (docs/product.md §4, §6); a stable module-level rule. */
  redirectFor: (account: OnboardingAccount) => string | null;
  /** The wizard, once the account is loaded and the user belongs here. */
  children: (account: OnboardingAccount, userId: string) => ReactNode;
}

/**
 * Both onboardings: the account from the local mirror (so the steps open offline), users who don't
 * belong here sent on. Decided once, on the first account seen: the wizard's own saves change the
 * row afterwards (Finish sets onboarding_complete) and must not move the user mid-step.
 */
export function OnboardingFrame({ title, subtitle, redirectFor, children }: OnboardingFrameProps) {
  const userId = useSessionStore((s) => s.userId);
  const isOnline = useIsOnline();
  const account = useOnboardingAccount(userId, isOnline);
  const [, navigate] = useLocation();
  const decided = useRef<{ account: OnboardingAccount; redirect: string | null } | null>(null);
  if (!decided.current && account !== undefined && account !== 'not-on-device') decided.current = { account, redirect: redirectFor(account) };
  const redirect = decided.current?.redirect ?? null;

  useEffect(() => {
    if (redirect) navigate(redirect, { replace: true });
  }, [redirect, navigate]);

  return (
    <Page title={title} subtitle={subtitle} isNarrow>
      {account === 'not-on-device' && !decided.current ? (
        <Card padding="md" className={styles.wizard}>
          <Text>Your profile isn't on this device yet. It appears here as soon as you're back online.</Text>
        </Card>
      ) : !decided.current || redirect || !userId ? (
        <p className={styles.status} role="status">
          Loading your profile...
        </p>
      ) : (
        children(decided.current.account, userId)
      )}
    </Page>
  );
}
