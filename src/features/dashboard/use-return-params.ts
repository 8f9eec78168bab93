import { useEffect, useRef, useState } from 'react';
import { useLocation, useSearch } from 'wouter';
import { PAYMENT_CANCELLED, PAYMENT_CONFIRMED, STRIPE_CONNECTED, STRIPE_CONNECTION_FAILED } from '../../domain/messages.ts';
import { logger } from '../../lib/logger.ts';
import { cancelBooking, verifyBookingPayment } from '../../remote/dashboard-functions.ts';
import { getActiveEngine } from '../../sync/active-engine.ts';
import { toast } from '../../ui/toast/toast-queue.ts';
import { isPayNowReturn } from './pay-now-return.ts';
import { hasReturnParams, parseReturnParams, withoutReturnParams, type ReturnAction } from './return-params.ts';
import { waitForPayment } from './wait-for-payment.ts';

/** Pulls the changed booking into the local mirror (the engine never throws; it reports through its status). */
function refreshMirror(): void {
  void getActiveEngine()?.pullNow();
}

export interface ReturnState {
  /** A first checkout's booking whose payment is still being confirmed. */
  verifyingBookingId: string | null;
  /** Back from Pay now for this booking: its payment turns paid through sync (usePayNowConfirmation). */
  payNowBookingId: string | null;
  clearPayNow: () => void;
}

/**
 * Handles the dashboard's query parameters once (docs/product.md §2, §8) and removes them from the address.
 * Returns the booking whose payment is still being confirmed, if any.
 */
export function useReturnParams(): ReturnState {
  const search = useSearch();
  const [, navigate] = useLocation();
  const handled = useRef<string | null>(null);
  const [verifyingBookingId, setVerifyingBookingId] = useState<string | null>(null);
  const [payNowBookingId, setPayNowBookingId] = useState<string | null>(null);
  const isMounted = useRef(true);

  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
    };
  }, []);

  useEffect(() => {
    if (!hasReturnParams(search) || handled.current === search) return;
    handled.current = search;
    navigate(`/dashboard${withoutReturnParams(search)}`, { replace: true });

    const handle = (action: ReturnAction) => {
      switch (action.kind) {
        case 'payment-success': {
          setVerifyingBookingId(action.bookingId);
          void waitForPayment(action.bookingId, {
            verify: verifyBookingPayment,
            isCancelled: () => !isMounted.current,
            onError: (error, attempt) => logger.warn(`Payment verification attempt ${attempt} failed`, error),
          }).then((outcome) => {
            refreshMirror();
            if (!isMounted.current) return;
            setVerifyingBookingId(null);
            if (outcome === 'paid') {
              toast.success(PAYMENT_CONFIRMED.title, PAYMENT_CONFIRMED.description);
              navigate(`/booking-confirmed?booking=${action.bookingId}`);
            } else {
              logger.warn(`Payment of booking ${action.bookingId} not confirmed yet (${outcome}); it stays awaiting payment`);
            }
          });
          break;
        }
        case 'payment-cancelled':
          toast.error(PAYMENT_CANCELLED.title, PAYMENT_CANCELLED.description);
          // Release the dates the unpaid checkout held, so the guest (or anyone) can book them again.
          if (action.bookingId) {
            cancelBooking(action.bookingId)
              .catch((error: unknown) => logger.warn('Cancelling the unpaid booking failed', error))
              .finally(refreshMirror);
          }
          break;
        case 'stripe-connected':
          toast.success(STRIPE_CONNECTED.title, STRIPE_CONNECTED.description);
          break;
        case 'stripe-error':
          toast.error(STRIPE_CONNECTION_FAILED.title, STRIPE_CONNECTION_FAILED.description);
          break;
      }
    };

    for (const action of parseReturnParams(search)) {
      const bookingId = action.kind === 'payment-success' || action.kind === 'payment-cancelled' ? action.bookingId : null;
      if (!bookingId) {
        handle(action);
        continue;
      }
      void isPayNowReturn(bookingId).then((payNow) => {
        if (!payNow) return handle(action);
        refreshMirror();
        if (!isMounted.current) return;
        if (action.kind === 'payment-success') setPayNowBookingId(bookingId);
        else toast.info('Payment not made', 'Nothing was charged. You can try again with Pay now.'); // (ours)
      });
    }
  }, [search, navigate]);

  return { verifyingBookingId, payNowBookingId, clearPayNow: () => setPayNowBookingId(null) };
}
