import { useState } from 'react';
import type { BookingPaymentRow } from '../../../db/tables.ts';
import { formatCents } from '../../../domain/payment-schedule.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from './dashboard.css.ts';

export interface PaymentBannerProps {
  payment: BookingPaymentRow;
  propertyName: string;
  isOnline: boolean;
  /** Back from paying it: the payment is confirmed through sync, meanwhile a note replaces Pay now. */
  isConfirming: boolean;
  onPay: (payment: BookingPaymentRow) => Promise<void>;
}

/** A monthly payment that failed, with Pay now (a checkout page for it). */
export function PaymentBanner({ payment, propertyName, isOnline, isConfirming, onPay }: PaymentBannerProps) {
  const [isPaying, setPaying] = useState(false);
  return (
    <div className={styles.banner}>
      <p className={styles.bannerText}>{`Your payment of ${formatCents(payment.amount_cents)} for ${propertyName} didn't go through.`}</p>
      {isConfirming ? (
        <span role="status">We're confirming your payment. It shows here as soon as it goes through.</span>
      ) : (
        <>
          <NativeButton
            size="sm"
            variant="primary"
            disabled={!isOnline}
            isPending={isPaying}
            onClick={() => {
              setPaying(true);
              void onPay(payment).finally(() => setPaying(false));
            }}
          >
            Pay now
          </NativeButton>
          {isOnline ? null : <span className={styles.note}>You're offline. Paying needs a connection.</span>}
        </>
      )}
    </div>
  );
}
