import { useEffect, useRef } from 'react';
import { useLocation, useSearch } from 'wouter';
import type { Toast } from '../../domain/messages.ts';
import { useSessionStore } from '../../stores/session-store.ts';
import { toast } from '../../ui/toast/toast-queue.ts';

/**
 * These routes are not wrapped in RequireSession: without a session they send the visitor to /auth
 * (with a way back), optionally with a toast saying why. Returns the signed-in user id, else null.
 */
export function useSignInGate(reason: Toast | null): string | null {
  const status = useSessionStore((s) => s.status);
  const userId = useSessionStore((s) => s.userId);
  const [location, navigate] = useLocation();
  const search = useSearch();
  const hasRedirected = useRef(false);

  useEffect(() => {
    if ((status !== 'signed-out' && status !== 'second-factor') || hasRedirected.current) return;
    hasRedirected.current = true;
    if (reason) toast.error(reason.title, reason.description);
    const back = search ? `${location}?${search}` : location;
    navigate(`/auth?redirect=${encodeURIComponent(back)}`, { replace: true });
  }, [status, location, search, navigate, reason]);

  return status === 'signed-in' ? userId : null;
}
