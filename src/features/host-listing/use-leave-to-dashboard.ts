import { useEffect, useRef } from 'react';
import { useLocation } from 'wouter';
import type { Toast } from '../../domain/messages.ts';
import { toast } from '../../ui/toast/toast-queue.ts';

/** A listing form the user may not open (not theirs, gone, unreachable): say why once and go to the dashboard. */
export function useLeaveToDashboard(reason: Toast | null): void {
  const [, navigate] = useLocation();
  const hasLeft = useRef(false);
  useEffect(() => {
    if (!reason || hasLeft.current) return;
    hasLeft.current = true;
    toast.error(reason.title, reason.description);
    navigate('/dashboard', { replace: true });
  }, [reason, navigate]);
}
