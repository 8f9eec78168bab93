import { useEffect, useRef } from 'react';
import { localKeys } from '../../config/storage-keys.ts';
import { welcomeNewUserToast } from '../../domain/messages.ts';
import { profileNameFor } from '../../domain/sign-in-routing.ts';
import { keptSessionUser } from '../../remote/auth.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { toast } from '../../ui/toast/toast-queue.ts';
import { ensureAccount } from './account-setup.ts';
import { useSignInRouting } from './use-sign-in-routing.ts';

export type LandingState = 'confirming' | 'expired' | null;

/**
 * On /auth?confirm=signup (the confirmation link's landing): while the auth client reads the session the
 * link carried, 'confirming'; once signed in, the account's rows are made sure of and the new user goes on
 * by the sign-in routing with this URL's redirect (onboarding, then the page sign-up left, where a pending
 * booking waits in local storage); a used or expired link leaves them signed out: 'expired'.
 */
export function useConfirmationLanding(isLanding: boolean): LandingState {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  const email = useSessionStore((s) => s.email);
  const routeAfterSignIn = useSignInRouting();
  const routedFor = useRef<string | null>(null);

  useEffect(() => {
    if (!isLanding || status !== 'signed-in' || !userId || routedFor.current === userId) return;
    routedFor.current = userId;
    const metadata = keptSessionUser()?.metadata ?? {};
    const name = profileNameFor({ fullName: metadata.full_name, signupName: localStorage.getItem(localKeys.signupName), email });
    // The session bridge runs the same setup at SIGNED_IN; this awaits that run (ensureAccount shares it).
    void ensureAccount({ id: userId, email, metadata })
      .then((account) => {
        const welcome = welcomeNewUserToast(name);
        toast.success(welcome.title, welcome.description);
        routeAfterSignIn(account);
      })
      .catch(() => {
        // The session bridge says what failed; the user is signed in and can go on from the nav.
      });
  }, [isLanding, status, userId, email, routeAfterSignIn]);

  if (!isLanding) return null;
  if (status === 'signed-out') return 'expired';
  return status === 'signed-in' ? 'confirming' : status === 'unknown' ? 'confirming' : null;
}
