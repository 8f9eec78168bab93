import { useEffect, type ReactNode } from 'react';
import { useLocation, useSearch } from 'wouter';
import { useSessionStore } from '../stores/session-store.ts';
import { RouteFallback } from './layouts/route-fallback.tsx';

/**
 * Renders children only with a session; otherwise sends the visitor to /auth with a way back (which
 * asks for the second factor when a password-only session of a two-factor account is all there is).
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const status = useSessionStore((s) => s.status);
  const [location, navigate] = useLocation();
  const search = useSearch();

  useEffect(() => {
    if (status !== 'signed-out' && status !== 'second-factor') return;
    const back = search ? `${location}?${search}` : location;
    navigate(`/auth?redirect=${encodeURIComponent(back)}`, { replace: true });
  }, [status, location, search, navigate]);

  if (status !== 'signed-in') return <RouteFallback />;
  return <>{children}</>;
}
