import { memo } from 'react';
import { cardPrice, formatCardPrice, type PricedRoom } from '../../../domain/pricing.ts';
import { NativeButton } from '../../../ui/button/native-button.tsx';
import * as styles from './sticky-book-bar.css.ts';

/**
 * Phones only (CSS): the price "from …" and a button that brings the booking card, otherwise far
 * down the one-column page, into view and focuses its first field. Not rendered for the owner.
 */
export const StickyBookBar = memo(function StickyBookBar({ rooms, propertyWeeklyPrice, hasRoom, onBook }: {
  rooms: readonly PricedRoom[];
  propertyWeeklyPrice: number | null;
  hasRoom: boolean;
  onBook: () => void;
}) {
  const price = cardPrice({ price_per_week: propertyWeeklyPrice, rooms });
  // 'from ~$1,256/month': the amount and its unit each stay on one line.
  const [amount, unit] = formatCardPrice(price).split(/(?=\/month$)/);
  return (
    <>
      <div className={styles.spacer} aria-hidden="true" />
      <div className={styles.bar} role="region" aria-label="Book this place">
        <div className={styles.price}>
          <p className={styles.priceMain}>
            <span className={styles.nowrap}>{amount}</span>
            {unit ? <span className={[styles.nowrap, styles.unit].join(' ')}>{unit}</span> : null}
          </p>
          {price.kind === 'from' ? <p className={styles.priceNote}>Stays of 1–6 months</p> : null}
        </div>
        <NativeButton onClick={onBook}>{hasRoom ? 'Book' : 'Check availability'}</NativeButton>
      </div>
    </>
  );
});
