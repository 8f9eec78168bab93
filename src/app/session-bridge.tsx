import { useEffect } from 'react';
import { subscribeToSession } from '../remote/auth';
import { useSessionStore } from '../stores/session-store';

/** Mirrors the auth client's session into the UI store (SPEC §4 session states). Renders nothing. */
export function SessionBridge() {
  const setSignedIn = useSessionStore((s) => s.setSignedIn);
  const setSignedOut = useSessionStore((s) => s.setSignedOut);

  useEffect(
    () =>
      subscribeToSession((_event, user) => {
        if (user) setSignedIn(user);
        else setSignedOut();
      }),
    [setSignedIn, setSignedOut],
  );
  return null;
}
