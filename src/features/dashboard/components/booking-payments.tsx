import type { BookingPaymentRow } from '../../../db/tables.ts';
import { formatCents } from '../../../domain/payment-schedule.ts';
import { formatStayDate } from '../../../domain/stay-dates.ts';
import { paymentStateText } from '../payment-views.ts';
import * as styles from './dashboard.css.ts';

/** A monthly stay's payments: date, amount and state, a failed one stands out. */
export function BookingPayments({ payments }: { payments: readonly BookingPaymentRow[] }) {
  return (
    <ol className={styles.payments} aria-label="Payments">
      {payments.map((payment) => (
        <li key={payment.id} className={[styles.payment, payment.status === 'failed' ? styles.paymentFailed : ''].join(' ')}>
          <span>{formatStayDate(payment.due_date)}</span>
          <span>{formatCents(payment.amount_cents)}</span>
          <span>{paymentStateText(payment)}</span>
        </li>
      ))}
    </ol>
  );
}
