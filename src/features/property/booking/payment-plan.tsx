// Pay in full or month by month (docs/decisions/pay-monthly.md): the booking card's choice and the
// schedule of payments it leads to, shown on the card and again in the confirm dialog.
import { useId } from 'react';
import { formatCents, formatDueDate, monthlySchedule, type PaymentPlan, type ScheduledPayment } from '../../../domain/payment-schedule.ts';
import { formatDollars } from '../../../domain/pricing.ts';
import type { DateOnly } from '../../../domain/stay-dates.ts';
import * as styles from './booking-card.css.ts';

/** The payments of a monthly stay; [] until a check-in is chosen (the dates count from it). */
export function scheduleOf(checkIn: DateOnly | null, months: number, total: number): ScheduledPayment[] {
  return checkIn ? monthlySchedule(checkIn, months, Math.round(total * 100)) : [];
}

export type PaymentPlanChoiceProps = {
  plan: PaymentPlan;
  onChange: (plan: PaymentPlan) => void;
  /** null while no room is chosen (no amounts to show yet) */
  total: number | null;
  schedule: readonly ScheduledPayment[];
};

/** Two native radios in a fieldset: arrow keys move between them, the legend names the group. */
export function PaymentPlanChoice({ plan, onChange, total, schedule }: PaymentPlanChoiceProps) {
  const name = useId();
  const first = schedule[0];
  const options: [PaymentPlan, string, string | null][] = [
    ['full', 'Pay in full', total === null ? null : `${formatDollars(total)} today`],
    ['monthly', 'Pay monthly', first ? `${formatCents(first.amountCents)} today, then monthly` : 'One payment a month'],
  ];
  return (
    <fieldset className={styles.plan}>
      <legend className={styles.planLegend}>How would you like to pay?</legend>
      <div className={styles.planOptions}>
        {options.map(([value, label, hint]) => (
          <label key={value} className={styles.planOption}>
            <input className={styles.planInput} type="radio" name={name} value={value} checked={plan === value} onChange={() => onChange(value)} />
            <span className={styles.planText}>
              {label}
              {hint ? <span className={styles.planHint}>{hint}</span> : null}
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** Each payment's date ("Today" first) and amount, and that the total does not change. */
export function PaymentSchedule({ schedule, total }: { schedule: readonly ScheduledPayment[]; total: number }) {
  if (schedule.length === 0) return <p className={styles.note}>Choose a check-in date to see when each monthly payment is due.</p>;
  return (
    <div className={styles.scheduleBlock}>
      <ol className={styles.schedule} aria-label="Payment schedule">
        {schedule.map((payment) => (
          <li key={payment.sequence} className={styles.scheduleRow}>
            <span>{formatDueDate(payment)}</span>
            <span className={styles.scheduleAmount}>{formatCents(payment.amountCents)}</span>
          </li>
        ))}
      </ol>
      <p className={styles.breakdownNote}>
        {`${schedule.length} payments, same total of ${formatDollars(total)}. Later payments are charged to the same card on their dates.`}
      </p>
    </div>
  );
}
