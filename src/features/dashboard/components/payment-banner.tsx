import { useState } from 'react';
import type { BookingPaymentRow, BookingRow } from '../../../db/tables.ts';
import { formatCents } from '../../../domain/payment-schedule.ts';
import { stayRangeText } from '../booking-views.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from './dashboard.css.ts';

export interface PaymentBannerProps {
  payment: BookingPaymentRow;
  /** Which stay: two stays in one house differ only by room and dates. */
  stay: Pick<BookingRow, 'property_name' | 'room_name' | 'check_in' | 'check_out'> | undefined;
  isOnline: boolean;
  /** Back from paying it: the payment is confirmed through sync, meanwhile a note replaces Pay now. */
  isConfirming: boolean;
  onPay: (payment: BookingPaymentRow) => Promise<void>;
}

/** 'Garden Room at Casa Azul (Jan 10, 2031 – Apr 10, 2031)', or what of it the mirror has. */
function stayText(stay: PaymentBannerProps['stay']): string {
  if (!stay) return 'your stay';
  const place = [stay.room_name, stay.property_name].filter(Boolean).join(' at ') || 'your stay';
  return `${place} (${stayRangeText(stay)})`;
}

/** A monthly payment that failed, with Pay now (a checkout page for it). */
export function PaymentBanner({ payment, stay, isOnline, isConfirming, onPay }: PaymentBannerProps) {
  const [isPaying, setPaying] = useState(false);
  return (
    <div className={styles.banner}>
      <p className={styles.bannerText}>{`Your payment of ${formatCents(payment.amount_cents)} for ${stayText(stay)} didn't go through.`}</p>
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
