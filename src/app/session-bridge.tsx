import { useEffect } from 'react';
import { whenIdle } from '../lib/when-idle.ts';
import { PROFILE_SETUP_INCOMPLETE, ROLE_SETUP_INCOMPLETE } from '../domain/account-setup-messages.ts';
import { keptSessionUser, subscribeToSession, takeChosenSignOut } from '../remote/auth.ts';
import { urlCarriesAuthResponse } from '../remote/session-storage.ts';
import { useSessionStore } from '../stores/session-store.ts';
import { toast } from '../ui/toast/toast-queue.ts';

/**
 * A returning user is known before the first render, from the session this device keeps: their route,
 * database and mirror queries start at once instead of after supabase-js loads and restores it (it
 * reports the same user, or SIGNED_OUT if the server refuses the session). So is a visitor with no kept
 * session and no sign-in arriving in the URL: signed out, and supabase-js (~55 KiB) loads once the page is
 * idle instead of ahead of the first screen. Call before rendering.
 */
export function restoreKeptSession(): void {
  const user = keptSessionUser();
  if (user?.awaitsSecondFactor) useSessionStore.getState().setAwaitingSecondFactor();
  else if (user) useSessionStore.getState().setSignedIn(user);
  // (Not while prerendering: a build-time page is rendered for no one, in the initial state.)
  else if (typeof location !== 'undefined' && !urlCarriesAuthResponse(location)) useSessionStore.getState().setSignedOut();
}

/**
 * Mirrors the auth client's session into the UI store (docs/product.md §4 session states; a password-only
 * session of a two-factor account is 'second-factor', docs/decisions/mfa-second-factor-step.md) and, at the
 * signed-in event, makes sure the account has its profile and role. Renders nothing.
 */
export function SessionBridge() {
  const setSignedIn = useSessionStore((s) => s.setSignedIn);
  const setSignedOut = useSessionStore((s) => s.setSignedOut);
  const setAwaitingSecondFactor = useSessionStore((s) => s.setAwaitingSecondFactor);

  useEffect(() => {
    let isActive = true;
    let unsubscribe = () => {};
    // A session known at entry (restoreKeptSession) needs supabase-js only to hear of changes: it loads
    // once the first screen is up. Without one, the session is what the first screen waits for.
    const ready = useSessionStore.getState().status === 'unknown' ? Promise.resolve() : whenIdle();
    void ready.then(() => {
      if (!isActive) return;
      unsubscribe = subscribeToSession((event, user) => {
        if (!user) {
          // SIGNED_OUT not chosen here: the server refused the session (revoked, expired). Unsent writes
          // stay sealed for the same user (docs/decisions/sealed-session.md).
          const wasSignedIn = useSessionStore.getState().status === 'signed-in';
          setSignedOut(event === 'SIGNED_OUT' && wasSignedIn && !takeChosenSignOut() ? 'refused' : 'chosen');
          return;
        }
        // A password alone does not open a two-factor account: its data waits for the code.
        if (user.awaitsSecondFactor) {
          setAwaitingSecondFactor();
          return;
        }
        setSignedIn(user);
        if (event !== 'SIGNED_IN') return;
        // Deferred: auth-js must not be called back into from inside its own state callback.
        // Loaded on demand: account setup is not needed for the first paint.
        setTimeout(() => {
          void import('../features/auth/account-setup.ts').then(({ AccountSetupError, ensureAccount }) =>
            ensureAccount(user).catch((error: unknown) => {
              const message = error instanceof AccountSetupError && error.step === 'role' ? ROLE_SETUP_INCOMPLETE : PROFILE_SETUP_INCOMPLETE;
              toast.error(message.title, message.description);
            }),
          );
        }, 0);
      });
    });
    return () => {
      isActive = false;
      unsubscribe();
    };
  }, [setSignedIn, setSignedOut, setAwaitingSecondFactor]);
  return null;
}
