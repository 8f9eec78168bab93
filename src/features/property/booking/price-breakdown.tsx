import type { StayPrice } from '../../../domain/pricing.ts';
import * as styles from './booking-card.css.ts';

/**
 * How the total is made (docs/decisions/price-display.md): months × 4.33 weeks × the weekly price,
 * how a half month counts, and the total. Shown on the booking card and in the confirm dialog.
 */
export function PriceBreakdown({ price }: { price: StayPrice }) {
  return (
    <div className={styles.breakdown} data-testid="price-breakdown">
      <p className={styles.breakdownLine}>
        <span>{price.lines.weeks}</span> <span>= {price.lines.total}</span>
      </p>
      {price.lines.fraction ? <p className={styles.breakdownNote}>{price.lines.fraction}</p> : null}
      <p className={styles.breakdownNote}>Each month is billed as 4.33 weeks (52 weeks ÷ 12), so a month costs a little more than 4 weekly prices.</p>
    </div>
  );
}
